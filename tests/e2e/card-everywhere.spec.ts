// Taking the card everywhere (issue 26 point 4): a visitor has the card e-mailed to them from its page,
// and a member previews and copies their e-mail signature; this server has no Wallet certificates, so
// the Wallet button is not shown (tests/server/wallet.test.ts covers the pass itself).
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { logInByApi } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { MyCardPage } from './pages/my-card-page';
import { PublicCardPage } from './pages/public-card-page';

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function screenshot(page: Page, name: string): Promise<void> {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function cardHandleOf(page: Page, user: NewUser): Promise<string> {
  const token = await logInByApi(page.request, user);
  const account = await page.request.get('/api/user/account', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await account.json()) as { cardHandle: string }).cardHandle;
}

test('a visitor with no account has the card e-mailed to them from its page @desktop', async ({
  page,
  mailbox,
  verifiedUser,
}) => {
  const handle = await cardHandleOf(page, verifiedUser);
  await page.goto(`/c/${handle}`);
  const card = new PublicCardPage(page);
  await expect(card.name).toHaveText(verifiedUser.name);
  await expect(card.saveToPhone).toBeVisible();

  await page.getByRole('button', { name: 'E-mail me this card' }).click();
  const form = page.getByRole('region', { name: `E-mail me ${verifiedUser.name}’s card` });
  const email = form.getByLabel('Your e-mail');
  await expect(email).toBeFocused();
  await form.getByRole('button', { name: 'Send me the card' }).click();
  await expect(form.getByText('Please enter your e-mail address')).toBeVisible();

  const visitor = `visitor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  await email.fill(visitor);
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'email-me-form');
  await form.getByRole('button', { name: 'Send me the card' }).click();
  await expect(form.getByRole('status')).toHaveText('The card is on its way to your inbox.');

  const mail = await mailbox.waitForMail(visitor, { subject: 'A business card' });
  expect(mail.text).toContain(`You asked for ${verifiedUser.name}'s business card`);
  expect(mail.text).toContain(`/c/${handle}`);
  expect(mail.attachments.map((attachment) => attachment.contentType)).toContain('text/vcard');
});

test('a member previews their e-mail signature and copies it as rich text; no Wallet button without certificates @desktop', async ({
  page,
  context,
  verifiedUser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await new LoginPage(page).signIn(verifiedUser);
  const handle = await cardHandleOf(page, verifiedUser);
  const walletAnswer = page.waitForResponse((response) => response.url().endsWith('/api/wallet'));
  await new MyCardPage(page).goto();
  expect(await (await walletAnswer).json()).toEqual({ appleWallet: false });

  const panel = page.getByRole('region', { name: 'Take your card everywhere' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to Apple Wallet' })).toHaveCount(0);

  const preview = panel.getByRole('figure', { name: 'Preview of your e-mail signature' });
  await expect(preview).toContainText(verifiedUser.name);
  await expect(preview).toContainText(`My card: ${new URL(page.url()).host}/c/${handle}`);
  // The QR code is an image from our origin, loaded as a mail client would load it.
  const qr = preview.getByRole('img', { name: `QR code of ${verifiedUser.name}'s card` });
  await expect(qr).toHaveAttribute('src', `${new URL(page.url()).origin}/api/nfc/${handle}/qr.png`);
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(192);
  await panel.scrollIntoViewIfNeeded();
  await expectNoSeriousAxeViolations(page);
  await screenshot(page, 'my-card-signature');

  await panel.getByRole('button', { name: 'Copy signature' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signature copied.' })).toBeVisible();
  const copied = await page.evaluate(async () => {
    // Unsanitized: Chromium's sanitizer would parse the style attributes inside this page, whose CSP
    // refuses them; a mail app reads the HTML as it was written.
    const read = navigator.clipboard.read as (options: { unsanitized: string[] }) => Promise<ClipboardItems>;
    const [item] = await read.call(navigator.clipboard, { unsanitized: ['text/html'] });
    if (!item) return null;
    return {
      types: [...item.types].sort(),
      html: await (await item.getType('text/html')).text(),
      text: await (await item.getType('text/plain')).text(),
    };
  });
  expect(copied?.types).toEqual(['text/html', 'text/plain']);
  expect(copied?.html).toContain(`/api/nfc/${handle}/qr.png`);
  expect(copied?.html).toContain(verifiedUser.name);
  expect(copied?.text).toContain(`My card: ${new URL(page.url()).origin}/c/${handle}`);
});
