// Two-way from the first minute (issue 26): a member with no NFC card shares their card link and QR
// code; the person across the table saves it and sends their own back; a visitor with no account
// shares their details and the owner finds them.
import type { Browser, Page } from '@playwright/test';
import { qrPath } from '../../src/ui/qr-code';
import { verificationCodeIn } from '../support/mail-content';
import { expectNoSeriousAxeViolations } from './accessibility';
import { logInByApi } from './cards';
import { expect, type Mailbox, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { PublicCardPage } from './pages/public-card-page';

async function cardHandleOf(page: Page, user: NewUser): Promise<string> {
  const token = await logInByApi(page.request, user);
  const account = await page.request.get('/api/user/account', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { cardHandle } = (await account.json()) as { cardHandle: string };
  return cardHandle;
}

/** Another person's phone or laptop: a browser of its own, the same size as the test's. */
async function anotherBrowser(browser: Browser, page: Page, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: (page.viewportSize()?.width ?? 0) < 500,
    hasTouch: (page.viewportSize()?.width ?? 0) < 500,
  });
  return { context, page: await context.newPage() };
}

/** Someone else who is a member: registered and verified through the API. */
async function registerOther(page: Page, mailbox: Mailbox, name: string): Promise<NewUser> {
  const user: NewUser = {
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    password: 'Compiler1Grace',
    dateOfBirth: '1985-03-04',
  };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const mail = await mailbox.waitForMail(user.email, { subject: 'verification code' });
  const code = verificationCodeIn(mail);
  expect(
    (await page.request.post('/api/auth/verify-email', { data: { email: user.email, code } })).status(),
  ).toBe(200);
  return user;
}

test('a member with no NFC card shares a link and a QR code that another person opens, saves and answers @desktop', async ({
  page,
  browser,
  baseURL,
  context,
  mailbox,
  verifiedUser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await new LoginPage(page).signIn(verifiedUser);
  const myCard = new MyCardPage(page);
  await myCard.goto();
  await expect(myCard.notActivatedBadge).toBeVisible();
  const panel = page.getByRole('region', { name: 'Your card link' });
  await expect(panel).toBeVisible();
  const handle = await cardHandleOf(page, verifiedUser);
  const link = `${new URL(page.url()).origin}/c/${handle}`;
  await expect(panel.getByText(link, { exact: true })).toBeVisible();

  // The QR code is the card link, marked as a scan for the card's analytics.
  const drawn = await myCard.qrCode.locator('path').getAttribute('d');
  expect(drawn).toBe(qrPath(`${link}?src=qr`).path);

  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link}?src=link`);
  await expectNoSeriousAxeViolations(page);

  // Grace, at the next table, scans the code with her phone.
  const grace = await registerOther(page, mailbox, 'Grace Hopper');
  const other = await anotherBrowser(browser, page, baseURL);
  await new LoginPage(other.page).signIn(grace);
  await other.page.goto(`/c/${handle}?src=qr`);
  const card = new PublicCardPage(other.page);
  await expect(card.name).toHaveText(verifiedUser.name);
  await card.saveContact.click();
  await expect(other.page).toHaveURL(/\/contacts\?sendBack=/);
  const prompt = other.page
    .getByRole('status')
    .filter({ hasText: `Send your card back to ${verifiedUser.name}?` });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Send my card' }).click();
  await expect(other.page.getByText(`Your business card was sent to ${verifiedUser.name}.`)).toBeVisible();
  await expect(prompt).toBeHidden();

  const mail = await mailbox.waitForMail(verifiedUser.email, { subject: 'A business card' });
  expect(mail.text).toContain('Grace Hopper sent you a business card through Tapnet.');
  expect(mail.text).toContain('/c/');

  // Grace opens the link again: she has Ada already, and can go straight to her.
  await other.page.goto(`/c/${handle}`);
  await expect(other.page.getByText(`${verifiedUser.name} is already in your contacts.`)).toBeVisible();
  await expect(card.saveContact).toBeHidden();
  await other.page.getByRole('button', { name: 'Open contact' }).click();
  await expect(other.page.getByRole('heading', { level: 2, name: verifiedUser.name })).toBeVisible();
  await other.context.close();
});

test('a visitor with no account shares their details, and the owner finds them marked as shared @desktop', async ({
  page,
  mailbox,
  verifiedUser,
}) => {
  const handle = await cardHandleOf(page, verifiedUser);
  const card = new PublicCardPage(page);
  await page.goto(`/c/${handle}?src=link`);
  await expect(card.name).toHaveText(verifiedUser.name);

  const form = page.getByRole('region', { name: 'Share your details with Ada' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Share my details' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please give an e-mail address or a phone number')).toBeVisible();
  await expect(form.getByText('Please agree to share your details')).toBeVisible();

  const visitorEmail = `lin-${Date.now().toString(36)}@example.test`;
  await form.getByLabel('Name (required)').fill('Lin Visitor');
  await form.getByLabel('E-mail', { exact: true }).fill(visitorEmail);
  await form.getByLabel('Company').fill('Atelier Lin');
  await form.getByLabel('A short note').fill('Type design, coffee stand');
  await form.getByLabel(/E-mail me a copy of Ada/).check();
  await form.getByLabel(/I agree that Ada Lovelace receives the details above/).check();
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Share my details' }).click();
  await expect(page.getByText(`Thank you. ${verifiedUser.name} has your details now.`)).toBeVisible();

  const copy = await mailbox.waitForMail(visitorEmail, { subject: 'A business card' });
  expect(copy.text).toContain(`/c/${handle}`);
  await mailbox.waitForMail(verifiedUser.email, { subject: 'shared their details' });

  await new LoginPage(page).signIn(verifiedUser);
  const contacts = new ContactsPage(page);
  await expect(page.getByText('1 new shared with you')).toBeVisible();
  await contacts.openContact('Lin Visitor');
  await expect(contacts.cardName).toHaveText('Lin Visitor');
  await expect(page.getByText('Shared with you', { exact: true })).toBeVisible();
  await expect(page.getByText('They shared their details after they opened your card link.')).toBeVisible();
});
