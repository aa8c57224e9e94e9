// The /contacts screen as a member uses it: one contact at a time, sort and flag, notes that save
// themselves, edit mode, sending one's card, the activation prompt, and what happens offline.
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, giveContacts, issueCard, logInByApi, ownerCard, uniqueEmail } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { waitForServiceWorkerControl } from './service-worker';

async function openContacts(page: Page, user: NewUser): Promise<ContactsPage> {
  await new LoginPage(page).signIn(user);
  return new ContactsPage(page);
}

/** For a member without a card: the activation prompt is put off first. */
async function openContactsWithoutCard(page: Page, user: NewUser): Promise<ContactsPage> {
  const contacts = await openContacts(page, user);
  await contacts.completeActivationLater();
  return contacts;
}

async function flaggedNamesOf(request: APIRequestContext, user: NewUser): Promise<string[]> {
  const token = await logInByApi(request, user);
  const response = await request.get('/api/contact', { headers: { Authorization: `Bearer ${token}` } });
  const contacts = (await response.json()) as { name: string; isFlagged: boolean }[];
  return contacts.filter((contact) => contact.isFlagged).map((contact) => contact.name);
}

test('the list opens a contact, shown one at a time, newest first; sort by name or company; Flagged only shows flagged ones', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Charles Babbage', company: 'Analytical Engines' },
    { name: 'Alan Turing', company: 'Bletchley Park' },
    { name: 'Barbara Liskov', company: 'MIT', linkedinURL: 'linkedin.com/in/barbara' },
  ]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);

  await expect(contacts.rows).toHaveCount(3);
  await expect(contacts.rows.first()).toContainText('Barbara Liskov');
  await expect(contacts.count).toHaveText('3 contacts');
  await contacts.openFirst();
  await expect(contacts.slideLabelled(1, 3)).toBeVisible();
  await expect(contacts.cardName).toHaveText('Barbara Liskov');
  await expect(contacts.slide.getByRole('link', { name: /^LinkedIn/ })).toHaveAttribute(
    'href',
    'https://linkedin.com/in/barbara',
  );
  await expect(contacts.slide.getByText(/^Met on /)).toBeVisible();
  await expect(contacts.previous).toBeDisabled();

  await contacts.next.click();
  await expect(contacts.slideLabelled(2, 3)).toBeVisible();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await contacts.next.focus();
  await page.keyboard.press('ArrowRight');
  await expect(contacts.cardName).toHaveText('Charles Babbage');
  await expect(contacts.next).toBeDisabled();
  await page.getByRole('button', { name: 'Show contact 1: Barbara Liskov' }).click();
  await expect(contacts.slideLabelled(1, 3)).toBeVisible();

  await contacts.returnToList();
  await contacts.sortByMode('Name');
  await expect(contacts.rows.first()).toContainText('Alan Turing');
  await contacts.sortByMode('Company');
  await expect(contacts.rows.first()).toContainText('Charles Babbage');

  await contacts.sortByMode('Name');
  await contacts.openContact('Alan Turing');
  await contacts.flagButton().click();
  await expect(contacts.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await contacts.returnToList();
  await expect(contacts.row('Alan Turing')).toContainText('flagged');
  await contacts.sortByMode('Flagged only');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.count).toHaveText('1 of 3 contacts');
  await contacts.openFirst();
  await expect(contacts.slideLabelled(1, 1)).toBeVisible();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  expect(await flaggedNamesOf(request, verifiedUser)).toEqual(['Alan Turing']);

  await contacts.flagButton().click();
  await expect(contacts.emptyText).toBeVisible();
});

test('notes save themselves after typing and are still there after a reload', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing', lat: 51.997, lng: -0.741 }, {}]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await contacts.openFirst();

  // The panel starts collapsed on the Map tab; Grace (newest) has no location, Alan has one.
  await expect(contacts.panelToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(contacts.tab('Map')).toHaveAttribute('aria-selected', 'true');
  await contacts.panelToggle.click();
  await expect(page.getByText('No location data available')).toBeVisible();
  await contacts.next.click();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await expect(page.getByText('No location data available')).toBeHidden();

  await contacts.tab('Notes').click();
  await contacts.notes.fill('Talked about morphogenesis');
  await expect(page.getByText('26/1000')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeHidden();

  // A reload keeps the contact open (its id is in the address).
  await page.reload();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await expect(contacts.tab('Notes')).toHaveAttribute('aria-selected', 'true');
  await expect(contacts.notes).toHaveValue('Talked about morphogenesis');
});

test('a note typed just before switching contact is saved, not lost', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await contacts.openFirst();
  await contacts.tab('Notes').click();
  await contacts.notes.fill('Ask about COBOL');
  await contacts.next.click();
  await expect(contacts.notes).toHaveValue('');
  await contacts.previous.click();
  await expect(contacts.notes).toHaveValue('Ask about COBOL');
  await page.reload();
  await expect(contacts.notes).toHaveValue('Ask about COBOL');
});

test('offline, typed notes stay and a flag waits as pending; both reach the server once back online', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await contacts.openFirst();
  await contacts.tab('Notes').click();

  await context.setOffline(true);
  await contacts.notes.fill('Written on the train');
  const offlineNotice = page.getByText(
    'You are offline. Your notes are kept on this device and will be saved when you are back online.',
  );
  await expect(offlineNotice).toBeVisible();
  await expect(contacts.notes).toHaveValue('Written on the train');
  await contacts.flagButton().click();
  await expect(
    contacts.toast('You are offline. The flag will be changed when you are back online.'),
  ).toBeVisible();
  await expect(contacts.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await expect(contacts.flagButton()).toContainText('Waiting for connection');
  // The app's "changes waiting" above the screen takes its room from the screen, not below it: the
  // docked panel's notice stays whole on a phone's screen.
  await expect(page.getByText(/^\d+ changes? waiting to sync$/)).toBeVisible();
  await expect(offlineNotice).toBeInViewport({ ratio: 1 });

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(contacts.flagButton()).not.toContainText('Waiting for connection');
  await expect.poll(() => flaggedNamesOf(request, verifiedUser)).toEqual(['Alan Turing']);
  await page.reload();
  await expect(contacts.notes).toHaveValue('Written on the train');
});

async function notesOf(request: APIRequestContext, user: NewUser, name: string): Promise<string | undefined> {
  const token = await logInByApi(request, user);
  const response = await request.get('/api/contact', { headers: { Authorization: `Bearer ${token}` } });
  const contacts = (await response.json()) as { name: string; notes: string }[];
  return contacts.find((contact) => contact.name === name)?.notes;
}

test('notes typed offline survive collapsing the panel, switching contact and a reload, and reach the server once @desktop', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await contacts.openFirst();
  await expect(contacts.cardName).toHaveText('Grace Hopper');
  await waitForServiceWorkerControl(page);
  const saves: string[] = [];
  // The context hears the service worker's requests too: it may be the one that sends.
  context.on('request', (sent) => {
    if (sent.method() === 'PUT' && /\/api\/contact\/[0-9a-f-]+$/.test(sent.url())) saves.push(sent.url());
  });
  await contacts.tab('Notes').click();

  await context.setOffline(true);
  await contacts.notes.fill('Met at the fair: wants the compiler paper');
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  // Collapse and expand the panel, switch to the other contact and back, reload: the text stays.
  if (await contacts.panelToggle.isVisible()) {
    await contacts.panelToggle.click();
    await contacts.panelToggle.click();
    await contacts.tab('Notes').click();
  }
  await expect(contacts.notes).toHaveValue('Met at the fair: wants the compiler paper');
  await contacts.next.click();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await contacts.previous.click();
  await expect(contacts.cardName).toHaveText('Grace Hopper');
  await expect(contacts.notes).toHaveValue('Met at the fair: wants the compiler paper');
  await page.reload();
  await expect(contacts.cardName).toHaveText('Grace Hopper');
  await contacts.tab('Notes').click();
  await expect(contacts.notes).toHaveValue('Met at the fair: wants the compiler paper');
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  await page.screenshot({ path: `test-results/notes-waiting-${test.info().project.name}.png` });

  await context.setOffline(false);
  await expect
    .poll(() => notesOf(request, verifiedUser, 'Grace Hopper'))
    .toBe('Met at the fair: wants the compiler paper');
  await expect(page.getByText('1 change waiting to sync')).toBeHidden();
  expect(saves, 'the notes are sent exactly once').toHaveLength(1);
  await page.screenshot({ path: `test-results/notes-synced-${test.info().project.name}.png` });
});

test('a flag set offline waits through a reload and is saved once when the connection returns, from any screen', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await contacts.openFirst();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  // The reload below happens offline: the shell must come from the service worker.
  await waitForServiceWorkerControl(page);
  const toggles: string[] = [];
  // The context hears the service worker's requests too: it may be the one that sends.
  context.on('request', (sent) => {
    if (sent.url().endsWith('/flag') && sent.method() === 'PUT') toggles.push(sent.url());
  });

  await context.setOffline(true);
  await contacts.flagButton().click();
  await expect(contacts.flagButton()).toContainText('Waiting for connection');
  await page.reload();
  await expect(contacts.cardName).toHaveText('Alan Turing');
  await expect(contacts.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await expect(contacts.flagButton()).toContainText('Waiting for connection');
  await contacts.returnToList();
  await expect(contacts.row('Alan Turing')).toContainText('waiting for connection');

  // The connection comes back while the member is on another screen: the change goes out from there.
  await page.goto('/my-card');
  await expect(page.getByText('1 change waiting to sync')).toBeVisible();
  await context.setOffline(false);
  await expect.poll(() => flaggedNamesOf(request, verifiedUser)).toEqual(['Alan Turing']);
  // Only once the device says so has it settled the change: a reload before that would rightly send it
  // again, under the same Idempotency-Key.
  await expect(page.getByText('1 change waiting to sync')).toBeHidden();
  expect(toggles, 'the change is sent exactly once').toHaveLength(1);

  await page.goto('/contacts');
  await expect(contacts.row('Alan Turing')).not.toContainText('waiting for connection');
  await contacts.openContact('Alan Turing');
  await expect(contacts.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await expect(contacts.flagButton()).not.toContainText('Waiting for connection');
  expect(toggles).toHaveLength(1);
});

test('edit mode from /edit-contacts: a click outside leaves it; Delete asks first, then removes the contact', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContactsWithoutCard(page, verifiedUser);

  await page.goto('/edit-contacts');
  await expect(page).toHaveURL(/\/contacts$/);
  // Opening a contact from the list keeps edit mode on.
  await contacts.openFirst();
  await expect(contacts.cardAction('Delete')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('enableEditMode'))).toBeNull();
  await contacts.clickOutsideCards();
  await expect(contacts.cardAction('Delete')).toBeHidden();

  await contacts.edit.click();
  await contacts.cardAction('Delete').click();
  await contacts.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(contacts.cardName).toHaveText('Grace Hopper');
  // Escape is the open dialog's: it closes the dialog and leaves edit mode on; a second one leaves it.
  await contacts.cardAction('Delete').click();
  await page.keyboard.press('Escape');
  await expect(contacts.deleteDialog).toBeHidden();
  await expect(contacts.cardAction('Delete')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contacts.cardAction('Delete')).toBeHidden();
  await contacts.edit.click();
  await contacts.cardAction('Delete').click();
  // The page reloads (spec §4) without the deleted contact: a phone is back on the list. The list
  // drops the contact before the reload, so a row opened before the page has reloaded would be lost.
  const reloaded = page.waitForEvent('load');
  await contacts.deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await reloaded;
  await expect(contacts.rows).toHaveCount(1);
  await contacts.openFirst();
  await expect(contacts.slideLabelled(1, 1)).toBeVisible();
  await expect(contacts.cardName).toHaveText('Alan Turing');

  // A member without a linked NFC card sends their card all the same: the mail carries their card link.
  await contacts.edit.click();
  await contacts.cardAction('Send Card').click();
  await expect(page.getByText('Your business card was sent to Alan Turing.')).toBeVisible();
  await expect(contacts.completeCardDialog).toBeHidden();

  // Hiding Send Card for a contact is remembered.
  await contacts.cardAction('Hide Send Card').click();
  await expect(contacts.cardAction('Send Card')).toBeHidden();
  await page.reload();
  await contacts.edit.click();
  await expect(contacts.cardAction('Show Send Card')).toBeVisible();
  await expect(contacts.cardAction('Send Card')).toBeHidden();
});

// Needs POST /api/contact/send-card/{id} from the contacts API (issue 4).
test('Send Card e-mails my business card to the contact and marks it sent', async ({
  page,
  request,
  mailbox,
}) => {
  const sender = await createCardOwner(request, mailbox);
  const contactEmail = uniqueEmail('alan');
  await giveContacts(request, mailbox, sender.user, [{ name: 'Alan Turing', email: contactEmail }]);
  const contacts = await openContacts(page, sender.user);
  await expect(contacts.activationOffer).toBeHidden();

  await contacts.openFirst();
  await contacts.edit.click();
  await contacts.cardAction('Send Card').click();
  await expect(contacts.toast('Your business card was sent to Alan Turing.')).toBeVisible();
  await expect(contacts.slide.getByText('Card sent')).toBeVisible();
  const mail = await mailbox.waitForMail(contactEmail);
  expect(`${mail.subject}\n${mail.text}`).toContain(ownerCard.name);
});

test('a new member sends their card without editing it: it starts as their name and e-mail', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const token = await logInByApi(request, verifiedUser);
  const linked = await request.post('/api/user/updateProfile', {
    data: { nfcUID: await issueCard(request) },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const contactEmail = uniqueEmail('alan');
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing', email: contactEmail }]);
  const contacts = await openContacts(page, verifiedUser);

  await contacts.openFirst();
  await contacts.edit.click();
  await contacts.cardAction('Send Card').click();
  await expect(contacts.toast('Your business card was sent to Alan Turing.')).toBeVisible();
  const mail = await mailbox.waitForMail(contactEmail);
  expect(`${mail.subject}\n${mail.text}`).toContain(verifiedUser.name);
  expect(mail.text).toContain(verifiedUser.email);
});

test('an offer put off from the keyboard leaves the focus on the next control, not at the top of the page', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  const contacts = await openContacts(page, verifiedUser);
  const nextControl = page.getByRole('button', { name: 'At an event? Tag everyone you save' });
  const putOffAgain = async () => {
    await page.evaluate(() => localStorage.removeItem('activationPromptDismissed'));
    await page.reload();
  };
  // A tap or a click leaves the focus alone: a text field focused then would open a phone's keyboard.
  await contacts.activationOffer.getByRole('button', { name: 'Complete Later' }).click();
  await expect(contacts.activationOffer).toBeHidden();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect(nextControl).not.toBeFocused();

  await putOffAgain();
  await contacts.activationOffer.getByRole('button', { name: 'Complete Later' }).focus();
  await page.keyboard.press('Enter');
  await expect(contacts.activationOffer).toBeHidden();
  await expect(nextControl).toBeFocused();

  // The same from the Card ID dialog, whose opener goes with the offer.
  await putOffAgain();
  await contacts.activationOffer.getByRole('button', { name: 'Activate card' }).focus();
  await page.keyboard.press('Enter');
  await contacts.activationPrompt.getByRole('button', { name: 'Complete Later' }).focus();
  await page.keyboard.press('Enter');
  await expect(contacts.activationOffer).toBeHidden();
  await expect(nextControl).toBeFocused();

  // And a notice closed by its own button: the offer to send one's card back after a save.
  const owner = await createCardOwner(request, mailbox);
  await page.goto(`/nfc/${owner.nfcUID}`);
  await page.getByRole('button', { name: 'Save Contact' }).click();
  const sendBack = page.getByRole('status').filter({ hasText: `Send your card back to ${ownerCard.name}?` });
  await sendBack.getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(sendBack).toBeHidden();
  await expect(nextControl).toBeFocused();
});

test('the activation prompt checks the Card ID, can be put off, and links a card', async ({
  page,
  request,
  verifiedUser,
}) => {
  const contacts = await openContacts(page, verifiedUser);
  const prompt = contacts.activationPrompt;
  // Nobody is pushed to activate a card they may not have: the offer waits above the list.
  await expect(contacts.activationOffer).toBeVisible();
  await expect(prompt).toBeHidden();
  await contacts.openActivationPrompt();
  await expect(prompt).toBeVisible();
  const activate = prompt.getByRole('button', { name: 'Activate' });
  await prompt.getByLabel('Card ID').fill('not-a-card');
  await expect(prompt.getByText('Please enter a valid Card ID (as provided in email).')).toBeVisible();
  await expect(activate).toBeDisabled();

  await prompt.getByRole('button', { name: 'Complete Later' }).click();
  await expect(prompt).toBeHidden();
  await expect(contacts.activationOffer).toBeHidden();
  await page.reload();
  await expect(contacts.heading).toBeVisible();
  await expect(contacts.activationOffer).toBeHidden();

  await page.evaluate(() => localStorage.removeItem('activationPromptDismissed'));
  await page.reload();
  await contacts.openActivationPrompt();
  await prompt.getByLabel('Card ID').fill(await issueCard(request));
  await activate.click();
  await expect(page).toHaveURL(/\/my-card$/);
  await expect(page.getByText('Card linked successfully!')).toBeVisible();
});

test('with no contacts the screen says so, the panel is disabled, and the menus lead on @desktop', async ({
  page,
  verifiedUser,
}) => {
  const contacts = await openContactsWithoutCard(page, verifiedUser);
  await expect(contacts.emptyText).toBeVisible();
  await expect(contacts.search).toBeVisible();
  if (test.info().project.name === 'desktop') {
    // Beside the empty list, the contact's panel waits for a contact.
    await expect(contacts.tab('Notes')).toBeDisabled();
    await expect(contacts.edit).toBeDisabled();
  }
  await expect(contacts.invitations).toHaveAttribute('href', '/invitations');

  await contacts.settingsMenu.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Settings menu' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Map',
    'My Account',
    'My Card',
    'Insights',
    'Settings',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Map' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(contacts.settingsMenu).toBeFocused();

  await contacts.settingsMenu.click();
  await menu.getByRole('menuitem', { name: 'My Card' }).click();
  await expect(page).toHaveURL(/\/my-card$/);
});

test('the contacts screen has no serious accessibility violations @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, {}]);
  const contacts = await openContacts(page, verifiedUser);
  await contacts.openActivationPrompt();
  await expect(contacts.activationPrompt).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await contacts.activationPrompt.getByRole('button', { name: 'Close' }).click();
  await contacts.completeActivationLater();
  await contacts.search.fill('alan');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first().locator('mark')).toHaveText('Alan');
  await expectNoSeriousAxeViolations(page);
  await contacts.openFirst();
  await expect(contacts.slideLabelled(1, 1)).toBeVisible();
  await contacts.edit.click();
  await contacts.tab('Notes').click();
  await expect(contacts.notes).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
