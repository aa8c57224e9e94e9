import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { OtherAppsPage } from './pages/other-apps-page';
import { SettingsPage } from './pages/settings-page';

function basic(email: string, password: string) {
  return { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

test('a member creates an app password for a device, sees it once with a QR code, and revokes it @desktop', async ({
  page,
  request,
  verifiedUser,
}, testInfo) => {
  await new LoginPage(page).signIn(verifiedUser);
  await new SettingsPage(page).goto();
  await new SettingsPage(page).entry('Contacts in Other Apps').click();
  const otherApps = new OtherAppsPage(page);
  await expect(otherApps.heading).toBeVisible();
  await expect(otherApps.detail('User name')).toHaveText(verifiedUser.email);
  await expect(page.getByText('No app passwords yet: no device reads your contacts.')).toBeVisible();

  await otherApps.deviceName.fill('iPhone contacts');
  await otherApps.createPassword.click();
  await expect(otherApps.newPassword).toHaveValue(/^[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){4}$/);
  await expect(otherApps.qrCode).toBeVisible();
  await expect(otherApps.appPassword('iPhone contacts')).toContainText('never used yet');
  const password = await otherApps.newPassword.inputValue();
  await page.getByText('iPhone and iPad', { exact: true }).click();
  await expect(page.getByText(/^Tap Add CardDAV Account\.$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('other-apps.png'), fullPage: true });

  // The password reads the address book, as a phone would.
  const book = await request.fetch('/carddav/', {
    method: 'PROPFIND',
    headers: basic(verifiedUser.email, password),
  });
  expect(book.status()).toBe(207);

  await otherApps.revoke('iPhone contacts').click();
  await expect(
    page.getByText('“iPhone contacts” revoked: that device no longer reads your contacts.'),
  ).toBeVisible();
  await expect(otherApps.appPassword('iPhone contacts')).toBeHidden();
  const refused = await request.fetch('/carddav/', {
    method: 'PROPFIND',
    headers: basic(verifiedUser.email, password),
  });
  expect(refused.status()).toBe(401);
});

test('a webhook is added with its secret shown once, and a refused address says why', async ({
  page,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  const otherApps = new OtherAppsPage(page);
  await otherApps.goto();
  await otherApps.webhookAddress.fill('http://hooks.example.com/tapnet');
  await otherApps.addWebhook.click();
  await expect(page.getByText('The webhook address must start with https://')).toBeVisible();
  await otherApps.webhookAddress.fill('https://hooks.example.com/tapnet');
  await otherApps.addWebhook.click();
  await expect(page.getByText('Webhook added')).toBeVisible();
  await expect(page.getByLabel('The webhook’s signing secret')).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'https://hooks.example.com/tapnet' }),
  ).toBeVisible();
});
