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
