// A verified tap (docs/behaviour/secure-cards.md): a secure card's tap URL opens the card marked
// "Verified tap", and a save from it stores that they met in person. The tap URL comes from the tag
// simulator (tests/support/tag-simulator.ts), which computes `p` and `c` as the chip does: no real tag
// can be reached from a test.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { SimulatedTag } from '../support/tag-simulator';
import { createCardOwner, issueSecureCard, listContactsOf, ownerCard } from './cards';
import { expect, type Mailbox, test } from './fixtures';
import { AnalyticsPage } from './pages/analytics-page';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { PublicCardPage } from './pages/public-card-page';
import { secondDevice } from './second-device';

/** A member whose card is a secure card on a simulated tag, and a visitor's browser where they met. */
async function secureCardOwner(context: BrowserContext, request: APIRequestContext, mailbox: Mailbox) {
  const tag = new SimulatedTag();
  const owner = await createCardOwner(request, mailbox, (api) => issueSecureCard(api, tag));
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522, accuracy: 20 });
  return { tag, owner };
}

test('a tap of a secure card opens it marked verified, and the save carries the tap @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  const { tag, owner } = await secureCardOwner(context, request, mailbox);
  await new LoginPage(page).signIn(verifiedUser);

  const card = new PublicCardPage(page);
  // The card's own URL, as a QR code or a shared link carries it: never verified.
  await card.goto(owner.nfcUID);
  await expect(card.name).toHaveText(ownerCard.name);
  await expect(card.verifiedTap).toBeHidden();

  await page.goto(`/nfc/${owner.nfcUID}?${tag.tapQuery()}`);
  await expect(card.name).toHaveText(ownerCard.name);
  await expect(card.verifiedTap).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`verified-tap-${testInfo.project.name}.png`) });

  await card.saveContact.click();
  await expect(card.toast('Contact saved successfully!')).toBeVisible();
  // Saved online: /contacts then offers to send the member's card back (issue 26).
  await expect(page).toHaveURL(/\/contacts\?sendBack=/);
  const contacts = await listContactsOf(request, verifiedUser);
  expect(contacts).toEqual([
    expect.objectContaining({ nfcUID: owner.nfcUID, metInPerson: true, tapCounter: 1, lat: 48.8566 }),
  ]);
});

test('signed out, a verified tap keeps its proof through sign-in, and the owner sees it among verified taps @desktop', async ({
  page,
  context,
  browser,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  const { tag, owner } = await secureCardOwner(context, request, mailbox);

  const card = new PublicCardPage(page);
  await page.goto(`/nfc/${owner.nfcUID}?${tag.tapQuery()}`);
  await expect(card.verifiedTap).toBeVisible();
  await card.saveContact.click();
  // Signed out: the save waits for an account, and the tap's proof waits with it.
  await expect(page).toHaveURL(/\/register$/);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(verifiedUser.email, verifiedUser.password);
  await expect(new ContactsPage(page).toast('Contact saved successfully!')).toBeVisible();
  expect(await listContactsOf(request, verifiedUser)).toEqual([
    expect.objectContaining({ nfcUID: owner.nfcUID, metInPerson: true, tapCounter: 1 }),
  ]);

  // The owner, on their own device: the tap is an NFC scan and a verified tap.
  const ownerPage = await secondDevice(browser, owner.user);
  const analytics = new AnalyticsPage(ownerPage);
  await ownerPage.goto('/insights/enhanced-analytics');
  await analytics.tab('Engagement').click();
  await expect(analytics.figure('NFC scans')).toHaveText('1');
  await expect(analytics.figure('Verified taps')).toHaveText('1');
  await expect(ownerPage.getByText(/^The NFC scans whose tap your secure card signed/)).toBeVisible();
  expect(await analytics.overflowWidth()).toBe(0);
  await ownerPage.screenshot({
    path: testInfo.outputPath(`verified-taps-analytics-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await ownerPage.context().close();
});
