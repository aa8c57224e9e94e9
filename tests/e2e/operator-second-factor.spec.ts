// An operator's second factor (issue 30 point 4), as the operator meets it: set up an authenticator app
// from Account (the codes computed here from the secret the screen shows, as the app would), sign in
// with its code, then with a recovery code, which works once and not twice; and the way back when the
// factor is lost (`npm run operator -- reset-factor`, or another admin in the dashboard's Support tab),
// after which the password alone signs in. The
// journey adds its own security operator with `npm run operator -- add` (through the running server's
// DATA_DIR), so the shared operators of the other journeys never meet a second step. Passkeys are
// added and used with Chromium's virtual authenticator (CDP WebAuthn domain).
import { randomBytes } from 'node:crypto';
import { totpCode, totpStepAt } from '../../server/modules/operators/totp';
import { runCommand } from '../support/run-command';
import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, test } from './fixtures';
import { AdminDashboardPage, E2E_ADMIN } from './pages/admin-dashboard-page';
import { SecurityPage } from './pages/security-page';

/** The e2e server's embedded database (playwright.config.ts), found from the port it serves on. */
function e2eServerEnv(): Record<string, string> {
  const { port } = new URL(test.info().project.use.baseURL ?? '');
  return { DATA_DIR: `.tmp/e2e-data-${port}` };
}

async function operatorCommand(args: string[], env: Record<string, string> = {}) {
  const result = await runCommand('server/cli/operator.ts', { ...e2eServerEnv(), ...env }, args);
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
}

test('an operator sets up an authenticator app, signs in with it and with a recovery code once, and has it reset @desktop', async ({
  page,
}) => {
  // Four sign-ins and two runs of the command line (a Node start each): past the default under load.
  test.slow();
  const operator = {
    email: `night-shift-${randomBytes(4).toString('hex')}@tapnet.test`,
    password: 'Night-Shift-e2e-Passw0rd',
  };
  await operatorCommand(['add', 'security', operator.email], { OPERATOR_PASSWORD: operator.password });
  const security = new SecurityPage(page);
  const codeField = page.getByLabel('Authentication code');
  const verify = page.getByRole('button', { name: 'Verify' });

  const { secret, codes } = await test.step('sets up the authenticator app from Account', async () => {
    await security.logIn(operator);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByText('Not set up')).toBeVisible();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await expect(
      page.getByRole('img', { name: 'QR code of the secret for your authenticator app' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('enrolment.png'), fullPage: true });
    await page.getByLabel('2. The 6-digit code the app shows').fill(totpCode(secret, totpStepAt(Date.now())));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Your authenticator app is set up')).toBeVisible();
    const codes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    await page.screenshot({ path: test.info().outputPath('recovery-codes.png'), fullPage: true });
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page.getByText('Authenticator app set up')).toBeVisible();
    await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
    await security.logoutButton.click();
    return { secret, codes };
  });

  await test.step('signs in with the app’s code after the password', async () => {
    await security.email.fill(operator.email);
    await security.password.fill(operator.password);
    await security.accessButton.click();
    // The code the enrolment confirmed is spent: the app's next one is within the window.
    await codeField.fill(totpCode(secret, totpStepAt(Date.now()) + 1));
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('second-step.png'), fullPage: true });
    await verify.click();
    await expect(security.refreshButton).toBeVisible();
    await security.logoutButton.click();
  });

  const recoveryCode = codes[0] ?? '';
  for (const attempt of ['first', 'again'] as const) {
    await test.step(`signs in with a recovery code (${attempt})`, async () => {
      await security.email.fill(operator.email);
      await security.password.fill(operator.password);
      await security.accessButton.click();
      await codeField.fill(recoveryCode.toUpperCase());
      await verify.click();
      if (attempt === 'first') {
        await expect(security.refreshButton).toBeVisible();
        await security.logoutButton.click();
      } else {
        await expect(
          page.getByText('That code is not right, or was already used.', { exact: false }),
        ).toBeVisible();
        await page.getByRole('button', { name: 'Back to sign in' }).click();
      }
    });
  }

  await test.step('the lost factor is reset from the command line: the password alone signs in', async () => {
    const stdout = await operatorCommand(['reset-factor', operator.email, 'e2e: lost phone']);
    expect(stdout).toContain(`The second factor of ${operator.email} is removed`);
    await security.logIn(operator);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByText('Not set up')).toBeVisible();
  });
});

test('an operator adds a passkey in Account and signs in with it after the password @desktop', async ({
  page,
}) => {
  const operator = {
    email: `key-holder-${randomBytes(4).toString('hex')}@tapnet.test`,
    password: 'Key-Holder-e2e-Passw0rd',
  };
  await operatorCommand(['add', 'security', operator.email], { OPERATOR_PASSWORD: operator.password });
  // Chromium's virtual authenticator: a platform passkey that verifies its user at once.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const security = new SecurityPage(page);

  await security.logIn(operator);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByLabel('Name of the new passkey').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const passkeys = page.getByRole('list', { name: 'Passkeys' });
  await expect(passkeys.getByText('Work laptop')).toBeVisible();
  await expect(passkeys.getByText('not used yet')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('passkeys.png'), fullPage: true });
  await security.logoutButton.click();

  await security.email.fill(operator.email);
  await security.password.fill(operator.password);
  await security.accessButton.click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(security.refreshButton).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(passkeys.getByText(/last used/)).toBeVisible();
  await passkeys.getByRole('button', { name: 'Remove passkey: Work laptop' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});

test('an admin resets a security operator’s lost second factor from Support, and the password alone signs them in @desktop', async ({
  page,
  request,
}, testInfo) => {
  const operator = {
    email: `lost-phone-${randomBytes(4).toString('hex')}@tapnet.test`,
    password: 'Lost-Phone-e2e-Passw0rd',
  };
  await operatorCommand(['add', 'security', operator.email], { OPERATOR_PASSWORD: operator.password });
  // The operator set up an authenticator app before losing it (through the API, as the app would).
  const signedIn = await request.post('/api/security/login', { data: operator });
  const headers = { authorization: `Bearer ${(await signedIn.json()).token}` };
  const { secret } = await (await request.post('/api/security/second-factor/enrolment', { headers })).json();
  const confirmed = await request.post('/api/security/second-factor/enrolment/confirm', {
    headers,
    data: { code: totpCode(secret, totpStepAt(Date.now())) },
  });
  expect(confirmed.status()).toBe(200);

  const dashboard = new AdminDashboardPage(page);
  await page.goto('/admin/dashboard');
  await dashboard.logIn(E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(dashboard.refresh).toBeVisible();
  await dashboard.openTab('Support');
  const email = page.getByLabel('Operator’s e-mail');
  const reason = page.getByLabel('Reason for the reset');
  const reset = page.getByRole('button', { name: 'Reset second factor' });

  // No reason, then an address that is no operator's: refused in the server's words, nothing changes.
  await email.fill(operator.email);
  await reset.click();
  await expect(page.getByText('Please give a reason (at least 3 characters)')).toBeVisible();
  await email.fill(`nobody-${Date.now()}@tapnet.test`);
  await reason.fill('Lost phone, confirmed by call');
  await reset.click();
  await expect(page.getByText('No operator has this e-mail address.')).toBeVisible();
  // The admin's own factor takes another admin or the command line, not this session alone.
  await email.fill(E2E_ADMIN.email);
  await reset.click();
  await expect(
    page.getByText(
      'Your own second factor is reset by another admin, or from the command line on the server (npm run operator -- reset-factor).',
    ),
  ).toBeVisible();

  await email.fill(operator.email);
  await reset.click();
  await expect(
    page.getByText(
      `The second factor of ${operator.email} is removed and 1 session ended: they sign in with their password and set one up again.`,
    ),
  ).toBeVisible();
  await expect(email).toHaveValue('');
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('factor-reset.png'), fullPage: true });

  const security = new SecurityPage(await page.context().newPage());
  await security.logIn(operator);
  await security.page.getByRole('button', { name: 'Account' }).click();
  await expect(security.page.getByText('Not set up')).toBeVisible();
});
