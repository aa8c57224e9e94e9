// A verified tap (docs/behaviour/secure-cards.md): a secure card's tap URL opens the card marked
// "Verified tap", and a save from it stores that they met in person. The tap URL comes from the tag
// simulator (tests/support/tag-simulator.ts), which computes `p` and `c` as the chip does: no real tag
// can be reached from a test.
import { SimulatedTag } from '../support/tag-simulator';
import { createCardOwner, issueSecureCard, listContactsOf, ownerCard } from './cards';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { PublicCardPage } from './pages/public-card-page';

test('a tap of a secure card opens it marked verified, and the save carries the tap @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  const tag = new SimulatedTag();
  const owner = await createCardOwner(request, mailbox, (api) => issueSecureCard(api, tag));
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522, accuracy: 20 });
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
