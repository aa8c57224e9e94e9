// A card people remember (issue 26 point 5): a member adds a photo, an accent colour and two links on
// /my-card; a visitor opens the card page, sees them from the server-rendered page, and saves the vCard.
// A member who saved such a card sees its photo and links on their contact, online and offline.
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, logInByApi, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { PublicCardPage } from './pages/public-card-page';
import { waitForServiceWorkerControl } from './service-worker';

const ACCENT = '#0f766e';

test('a member adds a photo, an accent and two links, and a visitor sees them and saves the vCard @desktop', async ({
  page,
  browser,
  baseURL,
  verifiedUser,
}, testInfo) => {
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d97706' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer();
  await new LoginPage(page).signIn(verifiedUser);
  const myCard = new MyCardPage(page);
  await myCard.goto();

  await page.locator('#card-photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Photo saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();

  await page.getByRole('radio', { name: `Accent ${ACCENT}` }).check();
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Link 1', { exact: true }).selectOption('github');
  await page.getByLabel('Link 1 address').fill('https://github.com/ada');
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Link 2', { exact: true }).selectOption('booking');
  await page.getByLabel('Link 2 label (optional)').fill('Book a call');
  await page.getByLabel('Link 2 address').fill('http://cal.example.com/ada');
  await myCard.saveChanges.click();
  // Refused on the device with the contract's words, before anything is sent.
  await expect(page.getByText('A link must be a full https:// address')).toBeVisible();
  await page.getByLabel('Link 2 address').fill('https://cal.example.com/ada');
  await myCard.saveChanges.click();
  await expect(page.getByText('Business card saved.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-card.png'), fullPage: true });

  const token = await logInByApi(page.request, verifiedUser);
  const account = await page.request.get('/api/user/account', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { cardHandle } = (await account.json()) as { cardHandle: string };

  // The visitor: another browser, nobody signed in.
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: (page.viewportSize()?.width ?? 0) < 500,
    hasTouch: (page.viewportSize()?.width ?? 0) < 500,
  });
  const visitor = await context.newPage();
  const card = new PublicCardPage(visitor);
  // The page as the server sends it, before any script: photo with its size, links, accent.
  const html = await (await visitor.request.get(`/c/${cardHandle}`)).text();
  expect(html).toMatch(/<img[^>]+src="\/api\/card-photos\/[^"]+\/small"[^>]+width="64" height="64"/);
  expect(html).toContain(`<style>:root{--brand:${ACCENT};--brand-strong:${ACCENT}}</style>`);
  expect(html).toContain('href="https://cal.example.com/ada"');

  await visitor.goto(`/c/${cardHandle}`);
  await expect(visitor.getByRole('heading', { name: verifiedUser.name })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /GitHub github\.com\/ada/ })).toHaveAttribute(
    'href',
    'https://github.com/ada',
  );
  await expect(visitor.getByRole('link', { name: /Book a call cal\.example\.com\/ada/ })).toBeVisible();
  const image = visitor.locator('img[src^="/api/card-photos/"]');
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
  ).toBe(true);
  const brand = await visitor.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
  );
  expect(brand).toBe(ACCENT);
  await expectNoSeriousAxeViolations(visitor);
  await visitor.screenshot({ path: testInfo.outputPath('public-card.png'), fullPage: true });

  const download = visitor.waitForEvent('download');
  await card.saveToPhone.click();
  const vCard = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(vCard).toContain('item1.URL:https://github.com/ada');
  expect(vCard).toContain('item2.X-ABLabel:Book a call');
  expect(vCard).toContain('PHOTO;ENCODING=b;TYPE=JPEG:');
  await context.close();
});

test('a contact saved from a card shows its photo in the list and on its card, with its links, and offline once seen @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  // The card's owner, elsewhere: a photo and two links on their card.
  const owner = await createCardOwner(request, mailbox);
  const ownerHeaders = { Authorization: `Bearer ${await logInByApi(request, owner.user)}` };
  const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#d97706' } })
    .jpeg()
    .toBuffer();
  const uploaded = await request.put('/api/user/card/photo', {
    data: photo,
    headers: { ...ownerHeaders, 'Content-Type': 'image/jpeg' },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const links = [
    { kind: 'github', label: '', url: 'https://github.com/grace' },
    { kind: 'booking', label: 'Book a call', url: 'https://cal.example.com/grace' },
  ];
  const carded = await request.post('/api/user/updateBusinessCard', {
    data: { ...ownerCard, links },
    headers: ownerHeaders,
  });
  expect(carded.ok(), await carded.text()).toBe(true);

  await new LoginPage(page).signIn(verifiedUser);
  await waitForServiceWorkerControl(page);
  const saved = await request.post('/api/contact/create', {
    data: { nfcUID: owner.nfcUID },
    headers: { Authorization: `Bearer ${await logInByApi(request, verifiedUser)}` },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  const contacts = new ContactsPage(page);
  await contacts.goto();
  await contacts.completeActivationLater();
  const rowPhoto = contacts.row(ownerCard.name).locator('img[src^="/api/card-photos/"]');
  await expectShown(rowPhoto);
  await contacts.openContact(ownerCard.name);
  const cardPhoto = contacts.slide.locator('img[src^="/api/card-photos/"]');
  await expectShown(cardPhoto);
  const reach = contacts.slide.getByRole('list', { name: `Reach ${ownerCard.name}` });
  await expect(reach.getByRole('link', { name: /^GitHub github\.com\/grace/ })).toHaveAttribute(
    'href',
    'https://github.com/grace',
  );
  await expect(reach.getByRole('link', { name: /^Book a call cal\.example\.com\/grace/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('contact-with-photo.png'), fullPage: true });

  // Seen once, the photos are kept: with no network the list and the card still show them.
  await context.setOffline(true);
  await page.reload();
  await expectShown(contacts.slide.locator('img[src^="/api/card-photos/"]'));
  await contacts.goto();
  await expectShown(contacts.row(ownerCard.name).locator('img[src^="/api/card-photos/"]'));
  await page.screenshot({ path: testInfo.outputPath('contacts-with-photo-offline.png'), fullPage: true });
});

/** The image is on screen and its bytes arrived (a broken image has no natural width). */
async function expectShown(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}
