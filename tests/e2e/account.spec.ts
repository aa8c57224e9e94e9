import { issueCard } from './cards';
import { expect, test } from './fixtures';
import { AccountPage } from './pages/account-page';
import { LoginPage } from './pages/login-page';

test.beforeEach(async ({ page, verifiedUser }) => {
  await new LoginPage(page).signIn(verifiedUser);
});

test('a member renames themselves; Cancel restores and Save keeps the change @desktop', async ({
  page,
  verifiedUser,
}) => {
  const account = new AccountPage(page);
  await account.goto();
  await expect(account.value('Name')).toContainText(verifiedUser.name);
  await expect(page.getByText(/Joined/)).toBeVisible();
  await expect(account.save).toBeHidden();

  await account.value('Name').click();
  await account.input('Name').fill('Augusta Ada King');
  await expect(account.save).toBeVisible();
  await account.cancel.click();
  await expect(account.value('Name')).toContainText(verifiedUser.name);
  await expect(account.save).toBeHidden();

  await account.value('Name').click();
  await account.input('Name').fill('Augusta Ada King');
  await account.input('Name').blur();
  await account.save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
  await expect(account.save).toBeHidden();
  await page.reload();
  await expect(account.value('Name')).toContainText('Augusta Ada King');

  await account.back.click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test('a member links a card from the account page and reveals its Card ID', async ({ page, request }) => {
  const nfcUID = await issueCard(request);
  const account = new AccountPage(page);
  await account.goto();
  await account.linkCard.click();
  await expect(account.linkCardDialog).toBeVisible();
  const cardId = account.linkCardDialog.getByLabel('Card ID');
  const linkButton = account.linkCardDialog.getByRole('button', { name: 'Link Card' });
  await cardId.fill('1234');
  await expect(account.linkCardDialog.getByText('Please enter a valid Card ID.')).toBeVisible();
  await expect(linkButton).toBeDisabled();

  await cardId.fill(`${'a'.repeat(40)}-1`);
  await linkButton.click();
  await expect(
    account.linkCardDialog.getByText('Failed to link card. Please check the Card ID and try again.'),
  ).toBeVisible();

  await cardId.fill(nfcUID);
  await linkButton.click();
  await expect(account.linkCardDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Card linked successfully!' })).toBeVisible();
  await expect(account.value('Card ID')).toContainText(nfcUID);

  await page.reload();
  await expect(page.getByText(nfcUID)).toBeHidden();
  await account.revealCardId.click();
  await expect(account.value('Card ID')).toContainText(nfcUID);
});

test('a member changes their sign-in email with their password and the code sent to the new address', async ({
  page,
  verifiedUser,
  mailbox,
}) => {
  const account = new AccountPage(page);
  const dialog = page.getByRole('dialog', { name: 'Change your email' });
  const newEmail = verifiedUser.email.replace('@', '-new@');
  await account.goto();
  await page.getByRole('button', { name: 'Change email' }).click();

  await dialog.getByLabel('New email').fill('not-an-address');
  await dialog.getByLabel('Current password').fill(verifiedUser.password);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByLabel('Current password').fill('Wrong-Passw0rd');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();

  await dialog.getByLabel('Current password').fill(verifiedUser.password);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${newEmail}.`)).toBeVisible();
  const notice = await mailbox.waitForMail(verifiedUser.email, {
    subject: 'change of your Tapnet sign-in e-mail',
  });
  expect(notice.text).toContain(newEmail);
  const codeMail = await mailbox.waitForMail(newEmail, { subject: 'e-mail change code' });
  const code = codeMail.text.match(/\b(\d{6})\b/)?.[1] ?? '';

  await dialog.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(/^Invalid verification code/)).toBeVisible();
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your sign-in email is now ${newEmail}.` }),
  ).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  await mailbox.waitForMail(verifiedUser.email, { subject: 'sign-in e-mail was changed' });
});
