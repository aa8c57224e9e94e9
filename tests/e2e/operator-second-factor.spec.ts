// An operator's second factor (issue 30 point 4), as the operator meets it: set up an authenticator app
// from Account (the codes computed here from the secret the screen shows, as the app would), sign in
// with its code, then with a recovery code, which works once and not twice; and the way back when the
// factor is lost (`npm run operator -- reset-factor`), after which the password alone signs in. The
// journey adds its own security operator with `npm run operator -- add` (through the running server's
// DATA_DIR), so the shared operators of the other journeys never meet a second step.
import { randomBytes } from 'node:crypto';
import { totpCode, totpStepAt } from '../../server/modules/operators/totp';
import { runCommand } from '../support/run-command';
import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, test } from './fixtures';
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
