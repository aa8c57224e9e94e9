// A card saved with the network off is queued, then stored exactly once when the network returns:
// through the service worker's Background Sync, and through the page's own replay where there is none.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { verificationCodeIn } from '../support/mail-content';
import { expect, type Mailbox, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { waitForServiceWorkerControl } from './service-worker';

const ADMIN = { email: 'admin@tapnet.test', password: 'Admin-e2e-Passw0rd' };
const OWNER_CARD = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy',
  role: 'Rear Admiral',
};

// A tap opened just now looks like NFC, so the save asks for the location; give it one.
test.use({ permissions: ['geolocation'], geolocation: { latitude: 51.5, longitude: -0.12 } });

async function json<T>(response: { json(): Promise<unknown>; ok(): boolean; text(): Promise<string> }) {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Another member who holds an issued card with Grace's details on it. */
async function createCardOwner(
  request: APIRequestContext,
  mailbox: Mailbox,
  saver: NewUser,
): Promise<string> {
  const owner = { ...saver, email: saver.email.replace('ada-', 'grace-') };
  await json(await request.post('/api/auth/register', { data: owner }));
  const mail = await mailbox.waitForMail(owner.email, { subject: 'verification code' });
  const { accessToken } = await json<{ accessToken: string }>(
    await request.post('/api/auth/verify-email', {
      data: { email: owner.email, code: verificationCodeIn(mail) },
    }),
  );
  const { token: adminToken } = await json<{ token: string }>(
    await request.post('/api/admin/login', { data: ADMIN }),
  );
  const { cards } = await json<{ cards: { nfcUID: string }[] }>(
    await request.post('/api/admin/cards', {
      data: { count: 1 },
      headers: { authorization: `Bearer ${adminToken}` },
    }),
  );
  const nfcUID = cards[0]?.nfcUID ?? '';
  const headers = { authorization: `Bearer ${accessToken}` };
  await json(await request.post('/api/user/updateProfile', { data: { nfcUID }, headers }));
  await json(await request.post('/api/user/updateBusinessCard', { data: OWNER_CARD, headers }));
  return nfcUID;
}

/** What the server holds, asked with the saver's own credentials. */
async function contactNamesOf(request: APIRequestContext, user: NewUser): Promise<string[]> {
  const { accessToken } = await json<{ accessToken: string }>(
    await request.post('/api/auth/login', { data: { email: user.email, password: user.password } }),
  );
  const contacts = await json<{ name: string }[]>(
    await request.get('/api/contact', { headers: { authorization: `Bearer ${accessToken}` } }),
  );
  return contacts.map((contact) => contact.name);
}

async function saveCardOffline(
  page: Page,
  context: BrowserContext,
  nfcUID: string,
  { hasServiceWorker = true } = {},
): Promise<void> {
  await page.goto(`/nfc/${nfcUID}`);
  const save = page.getByRole('button', { name: 'Save Contact' });
  await expect(save).toBeVisible();
  // The server's card paints before its script loads. Without a service worker nothing can bring that
  // script in offline, so the signal goes only once the card is hydrated.
  if (!hasServiceWorker) await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await context.setOffline(true);
  await save.click();
  await new ContactsPage(page).expectOneSaveWaiting();
}

test('a card saved offline survives a reload and is stored once by the service worker on reconnect', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  const nfcUID = await createCardOwner(request, mailbox, verifiedUser);
  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);

  await saveCardOffline(page, context, nfcUID);
  await page.reload();
  await expect(page.getByText('1 save waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 save waiting to sync')).toBeHidden();
  await expect(new ContactsPage(page).row(OWNER_CARD.name)).toBeVisible();
  expect(await contactNamesOf(request, verifiedUser)).toEqual([OWNER_CARD.name]);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a card saved offline is stored once by the page when the network returns', async ({
    page,
    context,
    request,
    mailbox,
    verifiedUser,
  }) => {
    const nfcUID = await createCardOwner(request, mailbox, verifiedUser);
    await new LoginPage(page).signIn(verifiedUser);

    await saveCardOffline(page, context, nfcUID, { hasServiceWorker: false });
    await context.setOffline(false);
    await expect(page.getByText('1 save waiting to sync')).toBeHidden();
    await expect(new ContactsPage(page).row(OWNER_CARD.name)).toBeVisible();
    expect(await contactNamesOf(request, verifiedUser)).toEqual([OWNER_CARD.name]);
  });
});
