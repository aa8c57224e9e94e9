// The e2e test object: Playwright's, plus the mailbox of the SMTP sink, fresh users, and checks that
// no page of the app breaks its own Content-Security-Policy or throws an uncaught error.
import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { verificationCodeIn } from '../support/mail-content';
import { clearMail, type MailQuery, type ReceivedMail, waitForMail } from '../support/smtp-sink';

export interface E2eOptions {
  sinkUrl: string;
}

export interface Mailbox {
  waitForMail(to: string, query?: MailQuery): Promise<ReceivedMail>;
  clear(to: string): Promise<void>;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  dateOfBirth: string;
}

interface CspViolation {
  directive: string;
  blockedUri: string;
  url: string;
}

let userCount = 0;

/** Registers `user` and verifies the e-mail with the code from the mail, through the API. */
export async function registerVerified(
  request: APIRequestContext,
  mailbox: Mailbox,
  user: NewUser,
): Promise<void> {
  const registered = await request.post('/api/auth/register', { data: user });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await mailbox.waitForMail(user.email, { subject: 'verification code' });
  const verified = await request.post('/api/auth/verify-email', {
    data: { email: user.email, code: verificationCodeIn(mail) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

export const test = base.extend<
  {
    mailbox: Mailbox;
    newUser: NewUser;
    verifiedUser: NewUser;
    cspViolations: CspViolation[];
    pageErrors: string[];
  },
  E2eOptions
>({
  sinkUrl: ['http://127.0.0.1:2526', { option: true, scope: 'worker' }],

  mailbox: async ({ sinkUrl }, use) => {
    await use({
      waitForMail: (to, query) => waitForMail(to, { ...query, sinkUrl }),
      clear: (to) => clearMail(to, { sinkUrl }),
    });
  },

  // Unique per worker, test and run, so journeys never share an account or a mailbox.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  newUser: async ({}, use, testInfo) => {
    userCount += 1;
    const id = `${Date.now().toString(36)}-${testInfo.workerIndex}-${userCount}`;
    await use({
      name: 'Ada Lovelace',
      email: `ada-${id}@example.test`,
      password: 'Analytical1Engine',
      dateOfBirth: '1990-12-10',
    });
  },

  // Registered and verified through the API: for journeys that start from an existing account.
  verifiedUser: async ({ request, newUser, mailbox }, use) => {
    await registerVerified(request, mailbox, newUser);
    await use(newUser);
  },

  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = [];
      // The binding is called from the page but runs here, so the page's own CSP cannot block it.
      await page.exposeFunction('__reportCspViolation', (violation: CspViolation) => {
        violations.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (violation: CspViolation) => void>)
            .__reportCspViolation;
          report?.({ directive: event.violatedDirective, blockedUri: event.blockedURI, url: location.href });
        });
      });
      await use(violations);
      expect(violations, 'the app must not violate its own Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],

  // An exception nobody caught is a bug a user meets as a dead button, offline included.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await use(errors);
      expect(errors, 'the app must not throw uncaught errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
