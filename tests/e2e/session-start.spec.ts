// The app-start session check on a slow network (spec §4 App start session check): a member whose
// session and contacts are stored on this device sees them at once, while the account call is still out;
// what that call finds, when it comes back, still applies. The account call is held in the test until the
// test releases it, so "slow" is a state the test controls, not a time it waits.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { logInByApi, ownerCard, saveCardElsewhere } from './cards';
import { expect, type Mailbox, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';

// Requests a service worker answers bypass page.route; these tests need none of its caching.
test.use({ serviceWorkers: 'block' });

const ACCOUNT_PATH = '/api/user/account';

/** Holds every account call of the page until `release()`; `arrived` resolves with the first one. */
async function holdAccountCalls(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markArrived = () => {};
  const arrived = new Promise<void>((resolve) => {
    markArrived = resolve;
  });
  await page.route(
    (url) => url.pathname === ACCOUNT_PATH,
    async (route: Route) => {
      markArrived();
      await released;
      await route.continue();
    },
  );
  return { arrived, release };
}

/** A member with one saved contact, signed in on this page, with the contacts cached by the app. */
async function memberWithCachedContact(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  member: NewUser,
): Promise<ContactsPage> {
  await saveCardElsewhere(request, mailbox, member);
  const login = new LoginPage(page);
  await login.goto();
  await page.evaluate(() => localStorage.setItem('activationPromptDismissed', 'true'));
  await login.logIn(member.email, member.password);
  const contacts = new ContactsPage(page);
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  return contacts;
}

/** Starts the app again with its account call held, and waits until that call is out. */
async function restartWithAccountCallHeld(page: Page): Promise<{ release(): void }> {
  const accountCalls = await holdAccountCalls(page);
  await page.reload();
  await accountCalls.arrived;
  return accountCalls;
}

test('a slow account call does not hide the cached contacts', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const contacts = await memberWithCachedContact(page, request, mailbox, verifiedUser);
  const accountCall = await restartWithAccountCallHeld(page);

  await expect(contacts.row(ownerCard.name)).toBeVisible();
  await expect(page.getByText('Checking authentication...')).toBeHidden();

  accountCall.release();
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('the check still signs the member out when it finds the account gone', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const contacts = await memberWithCachedContact(page, request, mailbox, verifiedUser);
  const accountCall = await restartWithAccountCallHeld(page);
  await expect(contacts.row(ownerCard.name)).toBeVisible();

  // Deleted from another device while this one was waiting for the server.
  const token = await logInByApi(request, verifiedUser);
  const deleted = await request.delete('/api/user/delete', {
    headers: { Authorization: `Bearer ${token}` },
    data: { password: verifiedUser.password },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  accountCall.release();

  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fcontacts$/);
  await expect(contacts.row(ownerCard.name)).toBeHidden();
});
