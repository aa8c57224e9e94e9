// A card tapped with no signal in the installed app (DESIGN.md §4 Offline taps): the card page still
// opens, the save waits on the phone, and once the signal is back it is stored once with the details of
// the card the server holds. Also: a save shows in the list at once (write-through).
import { createCardOwner, issueCard, listContactsOf, ownerCard } from './cards';
import { countStored } from './device-store';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { RegisterPage } from './pages/register-page';
import { waitForServiceWorkerControl } from './service-worker';

const WHERE_WE_MET = { latitude: 45.76, longitude: 4.84 };

// A tap opened just now looks like NFC, so the save asks for the location; give it one.
test.use({ permissions: ['geolocation'], geolocation: WHERE_WE_MET });

function serialOf(nfcUID: string): string {
  return nfcUID.split('-').at(-1) ?? '';
}

test("a card never seen, tapped with no signal, is saved once with its owner's details when the signal returns", async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const contacts = new ContactsPage(page);
  await new LoginPage(page).signIn(verifiedUser);
  await contacts.completeActivationLater();
  await expect(contacts.emptyText).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`/nfc/${owner.nfcUID}`);
  await expect(page.getByRole('heading', { name: `Tapnet card ${serialOf(owner.nfcUID)}` })).toBeVisible();
  await expect(page.getByText(`Card ID ${owner.nfcUID}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await contacts.expectOneSaveWaiting();
  await expect(page.getByText(`Tapnet card ${serialOf(owner.nfcUID)}`)).toBeVisible();

  await context.setOffline(false);
  // Well before the first poll (5 s): the replayed save's answer is written into the list.
  await expect(contacts.row(ownerCard.name)).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText('1 save waiting to sync')).toBeHidden();
  const saved = (await listContactsOf(request, verifiedUser)) as {
    nfcUID: string;
    email: string;
    lat: number;
  }[];
  expect(saved).toEqual([
    expect.objectContaining({ nfcUID: owner.nfcUID, email: ownerCard.email, lat: WHERE_WE_MET.latitude }),
  ]);
});

test('signed out, a card tapped with no signal is kept until they sign in, then saved once', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const login = new LoginPage(page);
  await login.goto();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`/nfc/${owner.nfcUID}`);
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await expect(
    page.getByText(
      'Saved on this phone. Sign in when you are back online and it will be added to your contacts.',
    ),
  ).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Log in' }).click();
  await login.logIn(verifiedUser.email, verifiedUser.password);
  const contacts = new ContactsPage(page);
  await expect(contacts.toast('Contact saved successfully!')).toBeVisible();
  await contacts.completeActivationLater();
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  expect((await listContactsOf(request, verifiedUser)).map((contact) => contact.nfcUID)).toEqual([
    owner.nfcUID,
  ]);
});

test('signed out, a card tapped with no signal keeps where they met through sign-up, and the offline notice goes when the signal returns @desktop', async ({
  page,
  context,
  request,
  mailbox,
  newUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await new LoginPage(page).goto();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`/nfc/${owner.nfcUID}`);
  const offlineNotice = page.getByText(/^You're offline and this card has not been opened/);
  await expect(offlineNotice).toBeVisible();
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await expect(
    page.getByText(
      'Saved on this phone. Sign in when you are back online and it will be added to your contacts.',
    ),
  ).toBeVisible();

  // The signal returns: the card comes from the server, and the page no longer says it is offline.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: ownerCard.name })).toBeVisible();
  await expect(offlineNotice).toBeHidden();

  await page.goto('/register');
  await new RegisterPage(page).registerAndVerify(newUser, mailbox);
  const contacts = new ContactsPage(page);
  await expect(contacts.toast('Contact saved successfully!')).toBeVisible();
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  expect(await listContactsOf(request, newUser)).toEqual([
    expect.objectContaining({
      nfcUID: owner.nfcUID,
      lat: WHERE_WE_MET.latitude,
      lng: WHERE_WE_MET.longitude,
    }),
  ]);
});

test('a save is in the list within a second of landing on /contacts, and the next revalidation is a 304', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  const contacts = new ContactsPage(page);
  await new LoginPage(page).signIn(verifiedUser);
  await contacts.completeActivationLater();
  await expect(contacts.emptyText).toBeVisible();

  await page.goto(`/nfc/${owner.nfcUID}`);
  const save = page.getByRole('button', { name: 'Save Contact' });
  await expect(save).toBeVisible();
  const revalidation = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/contact' && response.request().method() === 'GET',
  );
  await save.click();
  // Saved online: /contacts offers to send the member's card back (issue 26), above the list holding the save.
  await expect(page).toHaveURL(/\/contacts\?sendBack=/);
  await expect(contacts.row(ownerCard.name)).toBeVisible({ timeout: 1_000 });
  // The save's answer moved the cached list to the server's new tag: nothing to download again.
  expect((await revalidation).status()).toBe(304);
});

test("a card opened before is shown from this phone's copy when tapped with no signal", async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  const owner = await createCardOwner(request, mailbox);
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);
  await page.goto(`/nfc/${owner.nfcUID}`);
  await expect(page.getByRole('heading', { name: ownerCard.name })).toBeVisible();
  // The server's HTML shows the card before the page's script keeps its copy: wait for the copy.
  await expect.poll(() => countStored(page, 'cardPages')).toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: ownerCard.name })).toBeVisible();
  await expect(
    page.getByText("You're offline: this is the card as it was when you last opened it."),
  ).toBeVisible();
  await expect(page.getByText(ownerCard.company)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Contact' })).toBeVisible();
});

test('a card tapped offline that turns out unclaimed ends its save with a notice naming it, and is not retried', async ({
  page,
  context,
  request,
  verifiedUser,
}) => {
  const unclaimed = await issueCard(request);
  const contacts = new ContactsPage(page);
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.goto(`/nfc/${unclaimed}`);
  await page.getByRole('button', { name: 'Save Contact' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('1 save waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect(
    contacts.toast(
      `Failed to save contact: This card has not been activated yet. (Tapnet card ${serialOf(unclaimed)})`,
    ),
  ).toBeVisible();
  await expect(page.getByText('1 save waiting to sync')).toBeHidden();
  // The entry is gone for good: nothing waits on this phone to be replayed again.
  await page.reload();
  await expect(contacts.heading).toBeVisible();
  await expect(page.getByText(/waiting to sync/)).toBeHidden();
  await expect(contacts.emptyText).toBeVisible();
  expect(await listContactsOf(request, verifiedUser)).toEqual([]);
});
