// Screens as people read them on a phone and a desktop: whole contact details however long, toasts above
// dialogs, Delete within reach in edit mode, the room of a wide screen used, and a flag set offline.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { giveContacts, logInByApi } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { PublicCardPage } from './pages/public-card-page';

const LONG_EMAIL = 'bartholomew.fitzgerald-longname@very-long-company-domain.example.test';
const LONG_URL = 'https://www.example-company-with-a-long-name.test/people/bartholomew-fitzgerald';

/** The value is shown in full: its text is the whole value and nothing of it is clipped. */
async function expectWholeValue(value: Locator, text: string): Promise<void> {
  await expect(value).toHaveText(text);
  const { scrollWidth, clientWidth } = await value.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // Across the screen nothing is cut off: the value lies within the page's width (half a pixel for
  // sub-pixel layout), wherever the page is scrolled to vertically.
  await value.scrollIntoViewIfNeeded();
  const box = await value.boundingBox();
  const width = value.page().viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(-0.5);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 0.5);
}

/** /contacts for a member without a card, with the activation offer put off. */
async function openContacts(page: Page, user: NewUser): Promise<ContactsPage> {
  await new LoginPage(page).signIn(user);
  const contacts = new ContactsPage(page);
  await contacts.completeActivationLater();
  return contacts;
}

/** Nothing covers the element: a tap at its centre lands on it. */
async function expectUncovered(element: Locator): Promise<void> {
  await expect(element).toBeInViewport({ ratio: 1 });
  const box = await element.boundingBox();
  if (!box) throw new Error('the element has no box');
  const isOnTop = await element.evaluate(
    (target, point) => target.contains(document.elementFromPoint(point.x, point.y)),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(isOnTop).toBe(true);
}

test('a long e-mail and website show whole on the contact card and on the public card @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const [cardId] = await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Bartholomew Fitzgerald-Longname', email: LONG_EMAIL, additionalURL: LONG_URL },
  ]);
  const contacts = await openContacts(page, verifiedUser);
  await contacts.openFirst();
  await expect(contacts.cardName).toHaveText('Bartholomew Fitzgerald-Longname');
  const links = contacts.slide.getByRole('list', { name: /^Reach / });
  await expectWholeValue(links.getByRole('link', { name: /^Email/ }).getByText(LONG_EMAIL), LONG_EMAIL);
  await expectWholeValue(links.getByRole('link', { name: /^Website/ }).getByText(LONG_URL), LONG_URL);

  const card = new PublicCardPage(page);
  await page.goto(`/nfc/${cardId}`);
  await expectWholeValue(card.email.getByText(LONG_EMAIL), LONG_EMAIL);
  await expectWholeValue(page.getByRole('link', { name: /^Website/ }).getByText(LONG_URL), LONG_URL);
});

test('in edit mode with the panel open, Delete and Hide Send Card are in reach', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }]);
  const contacts = await openContacts(page, verifiedUser);
  await contacts.openFirst();
  await contacts.tab('Notes').click();
  await expect(contacts.notes).toBeVisible();

  await contacts.edit.click();
  await expectUncovered(contacts.cardAction('Delete'));
  await expectUncovered(contacts.cardAction('Hide Send Card'));
  await contacts.cardAction('Delete').click();
  await expect(contacts.deleteDialog).toBeVisible();
});

test('a flag set offline for a contact deleted elsewhere: the failure toast reads above the open dialog', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContacts(page, verifiedUser);
  await contacts.openFirst();
  await expect(contacts.cardName).toHaveText('Grace Hopper');

  await context.setOffline(true);
  await contacts.flagButton().click();
  await expect(contacts.flagButton()).toContainText('Waiting for connection');
  await contacts.edit.click();
  await contacts.cardAction('Delete').click();
  await expect(contacts.deleteDialog).toBeVisible();

  // Another device deletes Grace while this one is offline; the flag is refused once back online.
  const accessToken = await logInByApi(request, verifiedUser);
  const listed = await request.get('/api/contact', { headers: { Authorization: `Bearer ${accessToken}` } });
  const grace = ((await listed.json()) as { _id: string; name: string }[]).find(
    (contact) => contact.name === 'Grace Hopper',
  );
  const deleted = await request.delete(`/api/contact/${grace?._id}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await context.setOffline(false);

  const toast = contacts.toast('Failed to update flag status. Please try again.');
  await expect(toast).toBeVisible();
  await expect(contacts.deleteDialog).toBeVisible();
  await expectUncovered(toast);
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
  await expect(contacts.deleteDialog).toBeVisible();
});

test('on a desktop the contact list sits beside the card, and a name in it shows that contact @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}, testInfo) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(2);
  if (testInfo.project.name !== 'desktop') {
    // A phone shows the list alone until a contact is opened, then the contact alone.
    await expect(contacts.slide).toHaveCount(0);
    await contacts.openContact('Alan Turing');
    await expect(contacts.list).toHaveCount(0);
    await expect(contacts.cardName).toHaveText('Alan Turing');
    await page.goBack();
    await expect(contacts.row('Alan Turing')).toBeVisible();
    return;
  }

  await expect(contacts.cardName).toHaveText('Grace Hopper');
  await expect(contacts.rows.first()).toContainText('Grace Hopper');
  await expect(contacts.rows.first()).toHaveAttribute('aria-selected', 'true');
  const listBox = await contacts.list.boundingBox();
  const cardBox = await contacts.slide.boundingBox();
  expect(listBox && cardBox && listBox.x + listBox.width <= cardBox.x).toBe(true);
  await contacts.row('Alan Turing').click();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await expect(contacts.row('Alan Turing')).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousAxeViolations(page);
});

test('on a desktop the settings sections stay listed beside the one open @desktop', async ({
  page,
  verifiedUser,
}, testInfo) => {
  await new LoginPage(page).signIn(verifiedUser);
  await page.goto('/account-settings');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  if (testInfo.project.name !== 'desktop') {
    await expect(sections).toBeHidden();
    return;
  }

  await expect(sections.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  // Every entry of the settings screen (spec §2), Log Out included.
  await expect(sections.getByRole('listitem')).toHaveText([
    'Change Password',
    'Notification Settings',
    'Signed-in Devices',
    'Edit Contacts',
    'Insight Preferences',
    'Contacts in Other Apps',
    'Policy Documents',
    'Account',
    'Log Out',
  ]);
  await expectNoSeriousAxeViolations(page);
  await sections.getByRole('link', { name: 'Policy Documents' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(sections.getByRole('link', { name: 'Policy Documents' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Policy Documents', level: 1 })).toBeVisible();
});

test('secondary screens keep the app header: Invitations, the menu, and the logo back to the contacts @desktop', async ({
  page,
  verifiedUser,
}, testInfo) => {
  await new LoginPage(page).signIn(verifiedUser);
  const header = page.getByRole('banner');
  for (const [path, title] of [
    ['/settings', 'Settings'],
    ['/account-settings', 'Account'],
    ['/invitations', 'Invitations'],
    ['/my-card', 'My Card'],
    ['/map', 'Map'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(header.getByRole('link', { name: /^Invitations/ })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Settings menu' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${path.slice(1)}.png`) });
  }
  await expectNoSeriousAxeViolations(page);

  await header.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await header.getByRole('link', { name: 'Tapnet, your contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(new ContactsPage(page).heading).toBeVisible();
});
