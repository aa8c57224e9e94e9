import { readFile } from 'node:fs/promises';
import { verificationCodeIn } from '../support/mail-content';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, logInByApi, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { AccountSettingsPage } from './pages/account-settings-page';
import { DeleteAccountPage } from './pages/delete-account-page';
import { LoginPage } from './pages/login-page';
import { NotificationSettingsPage } from './pages/notification-settings-page';
import { PrivacySettingsPage } from './pages/privacy-settings-page';
import { RegisterPage } from './pages/register-page';
import { SettingsPage } from './pages/settings-page';

test('each settings entry reaches its screen and Back returns to settings', async ({
  page,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const settings = new SettingsPage(page);
  await settings.goto();
  await expect(settings.logOut).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  const screens = [
    { entry: 'Notification Settings', url: /\/notification-settings$/, heading: 'Notification Settings' },
    { entry: 'Insight Preferences', url: /\/insight-preferences$/, heading: 'Insight Preferences' },
    { entry: 'Signed-in Devices', url: /\/sessions$/, heading: 'Signed-in Devices' },
    { entry: 'Contacts in Other Apps', url: /\/other-apps$/, heading: 'Contacts in Other Apps' },
    { entry: 'Policy Documents', url: /\/policy$/, heading: 'Policy Documents' },
    { entry: 'Account', url: /\/account-settings$/, heading: 'Account' },
  ];
  await settings.goto();
  for (const screen of screens) {
    await settings.entry(screen.entry).click();
    await expect(page).toHaveURL(screen.url);
    await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
  }

  await settings.entry('Change Password').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await settings.entry('Edit Contacts').click();
  await expect(page).toHaveURL(/\/contacts$/);

  await settings.goto();
  await settings.back.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('account management shows the account and leads to password change and privacy settings @desktop', async ({
  page,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const account = new AccountSettingsPage(page);
  await account.goto();
  await expect(account.detail('Name')).toHaveText(verifiedUser.name);
  await expect(account.detail('Email')).toHaveText(verifiedUser.email);
  await expect(account.detail('Member since')).toContainText(String(new Date().getFullYear()));
  await expectNoSeriousAxeViolations(page);

  await account.changePassword.click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('link', { name: 'Back to account' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);

  await account.privacySettings.click();
  const privacy = new PrivacySettingsPage(page);
  await expect(privacy.heading).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What Tapnet keeps about you' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await privacy.back.click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await account.back.click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('my contacts download as one vCard file and as CSV', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const token = await logInByApi(request, verifiedUser);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID: owner.nfcUID },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(saved.status()).toBe(201);

  await new LoginPage(page).signIn(verifiedUser);
  const privacy = new PrivacySettingsPage(page);
  await privacy.goto();

  const [vcard] = await Promise.all([page.waitForEvent('download'), privacy.downloadVCard.click()]);
  expect(vcard.suggestedFilename()).toBe('tapnet-contacts.vcf');
  const vcardText = await readFile(await vcard.path(), 'utf8');
  expect(vcardText).toContain(`FN:${ownerCard.name}\r\n`);
  expect(vcardText.match(/BEGIN:VCARD/g)).toHaveLength(1);

  const [csv] = await Promise.all([page.waitForEvent('download'), privacy.downloadCsv.click()]);
  expect(csv.suggestedFilename()).toBe('tapnet-contacts.csv');
  const rows = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`${ownerCard.name},${ownerCard.pronouns},${ownerCard.company}`);
});

test('notification settings open offline from their copy, and a choice made offline is saved when the connection returns', async ({
  page,
  context,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const notifications = new NotificationSettingsPage(page);
  await notifications.goto();
  await expect(notifications.emailNotifications).toBeChecked();

  await context.setOffline(true);
  await notifications.back.click();
  await new SettingsPage(page).entry('Notification Settings').click();
  await expect(notifications.emailNotifications).toBeChecked();
  await notifications.emailNotifications.click();
  await expect(
    page.getByText('You are offline. Your choice will be saved when you are back online.'),
  ).toBeVisible();
  await expect(notifications.emailNotifications).not.toBeChecked();
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  // The screen keeps to what the status leaves of the viewport, so one shorter than the phone does not scroll.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);

  await context.setOffline(false);
  await expect(page.getByText('1 change waiting to sync')).toBeHidden();
  await page.reload();
  await expect(notifications.emailNotifications).not.toBeChecked();
});

test('notification settings stay as set after a reload', async ({ page, verifiedUser }) => {
  await new LoginPage(page).signIn(verifiedUser);
  const notifications = new NotificationSettingsPage(page);
  await notifications.goto();
  await expect(notifications.emailNotifications).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  await notifications.emailNotifications.click();
  await expect(page.getByText('Notification settings updated successfully!')).toBeVisible();
  await expect(notifications.emailNotifications).not.toBeChecked();
  await page.reload();
  await expect(notifications.emailNotifications).not.toBeChecked();

  await notifications.emailNotifications.press('Space');
  await expect(notifications.emailNotifications).toBeChecked();
  await page.reload();
  await expect(notifications.emailNotifications).toBeChecked();

  await notifications.back.click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('deleting the account from account management asks for "delete" and the password, signs out, and frees the e-mail', async ({
  page,
  context,
  verifiedUser,
  mailbox,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const account = new AccountSettingsPage(page);
  await account.goto();
  await account.deleteAccount.click();
  await expect(account.dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await account.confirmation.fill('remove');
  await account.confirmDelete.click();
  await expect(account.dialog.getByText('Please type "delete" to confirm account deletion')).toBeVisible();
  await expect(account.dialog.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/account-settings$/);

  // Someone holding the session but not the password deletes nothing.
  await account.confirmation.fill('DeLeTe');
  await account.password.fill(`${verifiedUser.password}-guess`);
  await account.confirmDelete.click();
  await expect(account.password).toHaveAccessibleDescription(/The password is not correct\./);
  await expect(page).toHaveURL(/\/account-settings$/);
  await page.reload();
  await expect(account.detail('Email')).toHaveText(verifiedUser.email);
  await account.deleteAccount.click();
  await account.confirmation.fill('DeLeTe');
  await account.password.fill(verifiedUser.password);
  await context.setOffline(true);
  await account.confirmDelete.click();
  await expect(account.dialog.getByText('Failed to delete account. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/account-settings$/);

  await context.setOffline(false);
  await account.confirmDelete.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted. Thank you for using Tapnet.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const loginPage = new LoginPage(page);
  await loginPage.logIn(verifiedUser.email, verifiedUser.password);
  await expect(loginPage.error).toContainText('Invalid email or password');

  await mailbox.clear(verifiedUser.email);
  const registerPage = new RegisterPage(page);
  await registerPage.goto();
  await registerPage.register(verifiedUser);
  const mail = await mailbox.waitForMail(verifiedUser.email, { subject: 'verification code' });
  await registerPage.enterCode(verificationCodeIn(mail));
  await registerPage.verify.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('the delete-account page confirms twice, Cancel keeps the account, and deleting lands on /register @desktop', async ({
  page,
  verifiedUser,
}, testInfo) => {
  await new LoginPage(page).signIn(verifiedUser);
  const deletePage = new DeleteAccountPage(page);
  await deletePage.goto();
  await expect(deletePage.heading).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await deletePage.cancel.click();
  await expect(page).toHaveURL(/\/contacts$/);

  await deletePage.goto();
  await deletePage.confirmStep.click();
  await expect(deletePage.dialog).toBeVisible();
  await deletePage.confirmDelete.click();
  await expect(deletePage.dialog.getByText('Please type "delete" to confirm account deletion')).toBeVisible();
  await deletePage.confirmation.fill('delete');
  await deletePage.password.fill('not-my-password');
  await deletePage.confirmDelete.click();
  await expect(deletePage.password).toHaveAccessibleDescription(/The password is not correct\./);
  await page.screenshot({ path: testInfo.outputPath('wrong-password.png') });
  await deletePage.password.fill(verifiedUser.password);
  await deletePage.confirmDelete.click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Your account has been deleted. Thank you for using Tapnet.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.logIn(verifiedUser.email, verifiedUser.password);
  await expect(loginPage.error).toContainText('Invalid email or password');
});
