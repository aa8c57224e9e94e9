import { createCardOwner, issueCard, listContactsOf, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { PublicCardPage } from './pages/public-card-page';
import { RegisterPage } from './pages/register-page';

test('an anonymous visitor is told whose card they save, registers, and finds it saved without being pushed to activate a card @desktop', async ({
  page,
  request,
  mailbox,
  newUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await expect(card.name).toHaveText(ownerCard.name);
  await expect(page.getByText(`${ownerCard.role}`)).toBeVisible();
  await expect(card.email).toHaveAttribute('href', `mailto:${ownerCard.email}`);
  await expect(card.linkedin).toHaveAttribute('href', 'https://linkedin.com/in/grace');
  await expect(card.website).toHaveAttribute('href', 'https://grace.example.test');
  await expect(card.saveToPhone).toHaveAttribute('href', `/api/nfc/${owner.nfcUID}/vcard`);

  await card.saveContact.click();
  await expect(page).toHaveURL(/\/register$/);
  // The sign-up says whose card it is for and what happens to it; members may log in instead, and the
  // login screen says the same.
  await expect(page.getByText(`Saving ${ownerCard.name} to your contacts`)).toBeVisible();
  await expect(
    page.getByText(
      `Create your account and verify your e-mail: ${ownerCard.name} is then saved to your contacts.`,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Log in to save it' }).click();
  await expect(
    page.getByText(`Log in and ${ownerCard.name} is saved to your contacts at once.`),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Create an account to save it' }).click();
  await new RegisterPage(page).registerAndVerify(newUser, mailbox);

  await expect(card.toast('Contact saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  // Someone who joined to save a card is offered activation quietly, not stopped by a modal.
  const contactsPage = new ContactsPage(page);
  await expect(contactsPage.row(ownerCard.name)).toBeVisible();
  await expect(contactsPage.activationOffer).toBeVisible();
  await expect(contactsPage.activationPrompt).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pendingCardSave'))).toBeNull();
  const contacts = await listContactsOf(request, newUser);
  expect(contacts.map((contact) => contact.nfcUID)).toEqual([owner.nfcUID]);
});

test('a signed-in member saves a tapped card with where they met', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 20 });
  await new LoginPage(page).signIn(verifiedUser);

  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await card.saveContact.click();
  await expect(card.toast('Contact saved successfully!')).toBeVisible();
  // Saved now: /contacts offers to send the member's card back.
  await expect(page).toHaveURL(new RegExp(`/contacts\\?sendBack=${owner.nfcUID}$`));
  // The list drawn is this phone's copy of the contacts, which the card page reads to know it is saved:
  // a member sees the contact here before they could tap the card again.
  await expect(new ContactsPage(page).row(ownerCard.name)).toBeVisible();
  const contacts = (await listContactsOf(request, verifiedUser)) as { nfcUID: string; lat: number }[];
  expect(contacts).toHaveLength(1);
  expect(contacts[0]).toMatchObject({ nfcUID: owner.nfcUID, lat: 52.52, lng: 13.405 });

  // Opened again, the card says it is among the contacts already instead of offering a save (M10).
  await card.goto(owner.nfcUID);
  await expect(page.getByText(`${ownerCard.name} is already in your contacts.`)).toBeVisible();
  await expect(card.saveContact).toBeHidden();
});

test('the owner of a card sees it without Save Contact', async ({ page, request, mailbox }) => {
  const owner = await createCardOwner(request, mailbox);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(owner.user.email, owner.user.password);
  await expect(page).toHaveURL(/\/contacts$/);

  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await expect(card.name).toHaveText(ownerCard.name);
  await expect(card.saveContact).toBeHidden();
  await expect(card.saveToPhone).toBeVisible();
});

test('the card is in the page before any script runs', async ({ browser, request, mailbox }) => {
  const owner = await createCardOwner(request, mailbox);
  const response = await request.get(`/nfc/${owner.nfcUID}`);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(await response.text()).toMatch(new RegExp(`<div id="root">.*${ownerCard.name}`, 's'));

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: undefined });
  const page = await noScript.newPage();
  await page.goto(new URL(`/nfc/${owner.nfcUID}`, response.url()).toString());
  await expect(page.getByRole('heading', { level: 1, name: ownerCard.name })).toBeVisible();
  await expect(page).toHaveTitle(`${ownerCard.name} · Tapnet`);
  await noScript.close();
});

test('a member who taps their new unclaimed card is led to activate it, logs in, and finds it activated', async ({
  page,
  request,
  verifiedUser,
}) => {
  const nfcUID = await issueCard(request);
  const card = new PublicCardPage(page);
  await card.goto(nfcUID);
  await expect(page.getByRole('heading', { name: 'This card has not been activated yet' })).toBeVisible();
  await card.activate.click();
  // Signed out, the holder is led with the activation (new holders register; see my-card.spec.ts), and
  // the login screen says the same: never a bare "Log in – Welcome back".
  await expect(page.getByRole('heading', { name: 'Activate your Tapnet card' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in to activate it' }).click();
  await expect(page.getByRole('heading', { name: 'Activate your Tapnet card' })).toBeVisible();
  await expect(
    page.getByText(`Log in and card ${nfcUID.split('-').at(-1)} is linked to your account`),
  ).toBeVisible();
  await new LoginPage(page).logIn(verifiedUser.email, verifiedUser.password);
  await expect(page).toHaveURL(/\/my-card$/);
  await expect(page.getByText('Card linked successfully!')).toBeVisible();
});

test('an unknown card says it was not found', async ({ page }) => {
  await new PublicCardPage(page).goto(`${'0'.repeat(40)}-1`);
  await expect(page.getByRole('heading', { name: 'Card not found' })).toBeVisible();
});

test('a tap on Save Contact before the page has its script still saves once the script is there', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = await createCardOwner(request, mailbox);
  // The card is painted before its script loads: hold the script back to tap in that moment.
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => {
    releaseScript = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await expect(card.name).toHaveText(ownerCard.name);

  await card.saveContact.click();
  await expect(page).toHaveURL(/\/nfc\//);
  releaseScript();

  await expect(page).toHaveURL(/\/register$/);
});

test('asked about the location after a while, Cancel saves nothing; Save without location saves without it (M7)', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await page.clock.install();
  await new LoginPage(page).signIn(verifiedUser);
  const card = new PublicCardPage(page);
  await card.goto(owner.nfcUID);
  await expect(card.name).toHaveText(ownerCard.name);
  // The card is drawn by the server before its script runs; the time it was opened is taken once it is
  // hydrated, so the clock moves on only after that (under load, hydration came after the fast-forward).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  // The card has been open over 5 minutes: the save asks first (spec §4).
  await page.clock.fastForward('05:01');

  await card.saveContact.click();
  const dialog = page.getByRole('dialog', { name: 'Save with your location?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/nfc/${owner.nfcUID}$`));
  expect(await listContactsOf(request, verifiedUser)).toEqual([]);

  await card.saveContact.click();
  await dialog.getByRole('button', { name: 'Save without location' }).click();
  await expect(card.toast('Contact saved successfully!')).toBeVisible();
  const contacts = (await listContactsOf(request, verifiedUser)) as { nfcUID: string; lat: number | null }[];
  expect(contacts).toEqual([expect.objectContaining({ nfcUID: owner.nfcUID, lat: null })]);
});
