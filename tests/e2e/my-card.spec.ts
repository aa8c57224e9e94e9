import { createCardOwner, issueCard, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { PublicCardPage } from './pages/public-card-page';
import { RegisterPage } from './pages/register-page';

test('a newcomer who taps an unclaimed card registers and finds it activated on /my-card @desktop', async ({
  page,
  request,
  mailbox,
  newUser,
}) => {
  const nfcUID = await issueCard(request);
  const card = new PublicCardPage(page);
  await card.goto(nfcUID);
  await expect(page.getByRole('heading', { name: 'This card has not been activated yet' })).toBeVisible();
  await card.activate.click();

  // A new holder starts with the account the card is linked to, told so; not with "Log in".
  await expect(page).toHaveURL(new RegExp(`/register\\?cardId=${nfcUID}$`));
  await expect(page.getByRole('heading', { name: 'Activate your Tapnet card' })).toBeVisible();
  await expect(page.getByText(`card ${nfcUID.split('-').at(-1)} is linked to it`)).toBeVisible();
  await new RegisterPage(page).registerAndVerify(newUser, mailbox);

  const myCard = new MyCardPage(page);
  await expect(page).toHaveURL(/\/my-card$/);
  await expect(myCard.congratulations).toBeVisible();
  await expect(myCard.activeBadge).toBeVisible();
  await expect(page.getByText(`/nfc/${nfcUID}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('activationCardId'))).toBeNull();

  await page.getByRole('button', { name: 'Close the congratulations message' }).click();
  await expect(myCard.congratulations).toBeHidden();
});

test('a signed-in member follows an activation link and the card is activated at once', async ({
  page,
  request,
  verifiedUser,
}) => {
  const nfcUID = await issueCard(request);
  await new LoginPage(page).signIn(verifiedUser);

  const myCard = new MyCardPage(page);
  await myCard.goto(`?activateCard=${nfcUID}`);
  await expect(myCard.congratulations).toBeVisible();
  // Spec §4: the query is cleared, so a reload does not activate again.
  await expect(page).toHaveURL(/\/my-card$/);
  await expect(myCard.activeBadge).toBeVisible();
});

test('an activation link for a card someone else holds says to contact support', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await new LoginPage(page).signIn(verifiedUser);

  const myCard = new MyCardPage(page);
  await myCard.goto(`?activateCard=${owner.nfcUID}`);
  await expect(
    page.getByText('Failed to activate card automatically. Please contact support or try manual activation.'),
  ).toBeVisible();
  await expect(myCard.notActivatedBadge).toBeVisible();
  await expect(myCard.cardId).toHaveValue(owner.nfcUID);
});

test('a member edits their card, activates it by hand and previews it as visitors see it', async ({
  page,
  request,
  verifiedUser,
}) => {
  const nfcUID = await issueCard(request);
  await new LoginPage(page).signIn(verifiedUser);

  const myCard = new MyCardPage(page);
  await myCard.goto();
  await expect(myCard.notActivatedBadge).toBeVisible();
  // Every member has a card link: the card can be previewed and shared before any NFC card.
  await expect(myCard.previewCard).toBeEnabled();
  await expect(myCard.qrCode).toBeVisible();
  await expect(myCard.orderNow).toHaveAttribute('target', '_blank');
  await expect(myCard.saveChanges).toBeHidden();

  await myCard.field('Company').fill(ownerCard.company);
  await myCard.field('Role').fill(ownerCard.role);
  await myCard.field('Website').fill(ownerCard.additionalURL);
  await myCard.field('Email').fill('');
  await myCard.saveChanges.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await myCard.field('Email').fill(verifiedUser.email);
  await myCard.saveChanges.click();
  await expect(page.getByRole('status').filter({ hasText: 'Business card saved.' })).toBeVisible();
  await expect(myCard.saveChanges).toBeHidden();

  await myCard.cardId.fill('not-a-card');
  await expect(page.getByText('Please enter a valid Card ID.')).toBeVisible();
  await expect(myCard.activateCard).toBeDisabled();
  await myCard.cardId.fill(nfcUID);
  await myCard.activateCard.click();
  await expect(myCard.congratulations).toBeVisible();
  await expect(myCard.qrCode).toBeVisible();
  await expect(myCard.orderNow).toBeHidden();

  await myCard.previewCard.click();
  const preview = new PublicCardPage(page);
  await expect(page).toHaveURL(/\/my-display-card\/[0-9a-f]{16}$/);
  await expect(preview.name).toHaveText(verifiedUser.name);
  await expect(page.getByText(ownerCard.company)).toBeVisible();
  await expect(preview.website).toHaveAttribute('href', `https://${ownerCard.additionalURL}`);
  await expect(preview.saveContact).toBeHidden();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/my-card$/);
});
