// The account life cycle as a user goes through it, with codes and links read from the e-mails.
import { linkIn, verificationCodeIn } from '../support/mail-content';
import { expect, test } from './fixtures';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SettingsPage } from './pages/settings-page';

test('a new user registers, enters the e-mailed code and lands signed in on /contacts @desktop', async ({
  page,
  newUser,
  mailbox,
}) => {
  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await registerPage.register(newUser);

  await expect(registerPage.codeDigits).toHaveCount(6);
  const mail = await mailbox.waitForMail(newUser.email, { subject: 'verification code' });
  await registerPage.enterCode(verificationCodeIn(mail));
  await registerPage.verify.click();

  await expect(page.getByText('Email verified successfully! Welcome to Tapnet')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.reload();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a signed-in user logs out from settings and logs in again', async ({ page, verifiedUser }) => {
  const loginPage = new LoginPage(page);
  await loginPage.signIn(verifiedUser);

  const settingsPage = new SettingsPage(page);
  await settingsPage.goto();
  await settingsPage.logOut.click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/contacts');
  await expect(page).toHaveURL(/\/login/);

  await loginPage.logIn(verifiedUser.email, verifiedUser.password);
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a wrong password is refused with the invalid-credentials message', async ({ page, verifiedUser }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(verifiedUser.email, `${verifiedUser.password}-wrong`);

  await expect(loginPage.error).toHaveText(
    "Invalid email or password. If you haven't registered yet, please register first.",
  );
  await expect(page).toHaveURL(/\/login/);
});

test('a forgotten password is replaced through the e-mailed link and the new one signs in', async ({
  page,
  verifiedUser,
  mailbox,
}) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.forgotPasswordLink.click();

  const forgotPasswordPage = new ForgotPasswordPage(page);
  await forgotPasswordPage.requestResetLink(verifiedUser.email);
  await expect(forgotPasswordPage.status).toContainText('we have sent a link to reset the password');

  const mail = await mailbox.waitForMail(verifiedUser.email, { subject: 'Reset your Tapnet password' });
  const link = linkIn(mail, '/reset-password/');
  await page.goto(link.href);
  const newPassword = 'Difference2Engine';
  const resetPasswordPage = new ResetPasswordPage(page);
  await resetPasswordPage.setPassword(newPassword);
  await expect(resetPasswordPage.status).toContainText('Your password has been reset.');

  // The reset page moves on to /login by itself a few seconds after success.
  await expect(page).toHaveURL(/\/login/);
  await loginPage.logIn(verifiedUser.email, verifiedUser.password);
  await expect(loginPage.error).toBeVisible();
  await loginPage.logIn(verifiedUser.email, newPassword);
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a wrong verification code is cleared from the boxes, with the focus back on the first one', async ({
  page,
  mailbox,
  newUser,
}) => {
  const register = new RegisterPage(page);
  await register.goto();
  await register.register(newUser);
  const code = verificationCodeIn(await mailbox.waitForMail(newUser.email, { subject: 'verification code' }));
  const wrongCode = [...code].map((digit) => String((Number(digit) + 1) % 10)).join('');

  await register.enterCode(wrongCode);
  await register.verify.click();
  await expect(page.getByRole('alert').filter({ hasText: /^Verification failed: / })).toBeVisible();
  for (const box of await register.codeDigits.all()) await expect(box).toHaveValue('');
  await expect(register.codeDigits.first()).toBeFocused();

  await page.keyboard.type(code);
  await register.verify.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a dead reset link says the reset failed and why', async ({ page }) => {
  await page.goto('/reset-password/not-a-live-reset-token');
  const reset = new ResetPasswordPage(page);
  await reset.setPassword('Difference2Engine');
  await expect(page.locator('form').getByRole('alert')).toHaveText(
    'Failed to reset password. Please try again. This reset link is invalid or has expired. Please request a new one.',
  );
  await expect(reset.submit).toHaveText('Reset password');
});
