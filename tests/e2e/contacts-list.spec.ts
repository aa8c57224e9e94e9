// Finding someone (issue 27): the list the contacts screen opens on, its search over name, company, notes
// and the rest (on the device, accents and case ignored, matches highlighted), its filters, the keyboard
// on a desktop and the A–Z index on a phone.
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { giveContacts, logInByApi } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';

async function openContacts(page: import('@playwright/test').Page, user: NewUser): Promise<ContactsPage> {
  await new LoginPage(page).signIn(user);
  const contacts = new ContactsPage(page);
  await contacts.completeActivationLater();
  return contacts;
}

/** Writes a note on the member's contact named `name`, as the notes box would. */
async function writeNote(request: APIRequestContext, member: NewUser, name: string, notes: string) {
  const token = await logInByApi(request, member);
  const headers = { Authorization: `Bearer ${token}` };
  const listed = (await (await request.get('/api/contact', { headers })).json()) as {
    _id: string;
    name: string;
  }[];
  const contact = listed.find((candidate) => candidate.name === name);
  const written = await request.put(`/api/contact/${contact?._id}`, { data: { notes }, headers });
  expect(written.ok(), await written.text()).toBe(true);
}

test('a contact is found by company and by a word in a note, accents and case aside, and opened @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Alan Turing', company: 'Bletchley Park', role: 'Mathematician' },
    { name: 'Grace Hopper', company: 'Navy Labs' },
    { name: 'Zoë Núñez', company: 'Société Générale' },
  ]);
  await writeNote(request, verifiedUser, 'Grace Hopper', 'Wants a pilot of the badge scanner in spring');
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(3);

  await contacts.search.fill('BLETCH');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first()).toContainText('Alan Turing');
  await expect(contacts.rows.first().locator('mark')).toHaveText('Bletch');
  await expect(contacts.count).toHaveText('1 of 3 contacts');

  await contacts.search.fill('societe nun');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first().locator('mark')).toHaveText(['Núñ', 'Société']);

  // A word of a note: the row shows the note, so it says why it is there.
  await contacts.search.fill('pilot');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first()).toContainText('Note: Wants a pilot of the badge scanner');
  await expect(contacts.rows.first().locator('mark')).toHaveText('pilot');
  await page.keyboard.press('Enter');
  await expect(contacts.cardName).toHaveText('Grace Hopper');

  await contacts.returnToList();
  await contacts.search.fill('nobody here');
  await expect(contacts.emptyText).toBeVisible();
  await expect(page.getByText('No one matches “nobody here” here.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(contacts.rows).toHaveCount(3);
  await expect(contacts.search).toHaveValue('');
});

test('the search works offline, on the contacts kept on the device', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(2);
  await context.setOffline(true);
  await contacts.search.fill('grace');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first()).toContainText('Grace Hopper');
  await context.setOffline(false);
});

test('filters narrow the list and combine: flagged, has notes, met this week @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Alan Turing' },
    { name: 'Grace Hopper' },
    { name: 'Barbara Liskov' },
  ]);
  await writeNote(request, verifiedUser, 'Grace Hopper', 'COBOL');
  await writeNote(request, verifiedUser, 'Alan Turing', 'Enigma');
  const contacts = await openContacts(page, verifiedUser);
  await contacts.openContact('Alan Turing');
  await contacts.flagButton().click();
  await expect(contacts.flagButton()).toHaveAttribute('aria-pressed', 'true');
  await contacts.returnToList();

  await contacts.filter('Has notes').click();
  await expect(contacts.filter('Has notes')).toHaveAttribute('aria-pressed', 'true');
  await expect(contacts.rows).toHaveCount(2);
  await contacts.filter('Flagged').click();
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first()).toContainText('Alan Turing');
  await expect(contacts.count).toHaveText('1 of 3 contacts');
  await contacts.filter('Has notes').click();
  await contacts.filter('Flagged').click();
  // Everyone here was saved moments ago.
  await contacts.filter('This week').click();
  await expect(contacts.rows).toHaveCount(3);
});

test('on a desktop the keyboard finds and opens a contact: / to search, arrows, Enter @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Alan Turing' },
    { name: 'Grace Hopper' },
    { name: 'Barbara Liskov' },
  ]);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(3);

  await page.keyboard.press('/');
  await expect(contacts.search).toBeFocused();
  await expect(contacts.search).toHaveValue('');
  await page.keyboard.press('ArrowDown');
  await expect(contacts.list).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = await contacts.rows.nth(1).getAttribute('id');
  await expect(contacts.list).toHaveAttribute('aria-activedescendant', second ?? '');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(contacts.list).toHaveAttribute('aria-activedescendant', second ?? '');
  await page.keyboard.press('Enter');
  await expect(contacts.cardName).toHaveText('Grace Hopper');
});

test('on a phone the A–Z index jumps to a letter when the list is in name order', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [
    { name: 'Alan Turing' },
    { name: 'Grace Hopper' },
    { name: 'Émilie du Châtelet' },
  ]);
  const contacts = await openContacts(page, verifiedUser);
  const index = page.getByRole('navigation', { name: 'Jump to letter' });
  await expect(index).toHaveCount(0);
  await contacts.sortByMode('Name');
  await expect(index.getByRole('button')).toHaveText(['A', 'E', 'G']);
  await index.getByRole('button', { name: 'Jump to G' }).click();
  await expect(contacts.row('Grace Hopper')).toBeInViewport();
  await contacts.openContact('Grace Hopper');
  await expect(contacts.cardName).toHaveText('Grace Hopper');
  await page.goBack();
  await expect(contacts.row('Grace Hopper')).toBeVisible();
});

test('the current event tags every save until it ends; a contact’s event is edited; the list filters by event @desktop', async ({
  page,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }, { name: 'Grace Hopper' }]);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(2);

  await page.getByRole('button', { name: 'At an event? Tag everyone you save' }).click();
  await page.getByRole('textbox', { name: /^Current event/ }).fill('Web Summit 2026');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const current = page.getByRole('region', { name: 'Current event' });
  await expect(current).toContainText('Saving contacts to Web Summit 2026');
  // Sent through the queue at once: the server has it when the bar no longer waits.
  await expect(current).not.toContainText('Waiting for connection');

  // Saved elsewhere (a tap on another phone) while the event is on: it arrives tagged.
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Barbara Liskov' }]);
  await page.reload();
  await expect(contacts.row('Barbara Liskov')).toContainText('Web Summit 2026');

  // A contact met there before the event was set is tagged by hand.
  await contacts.openContact('Alan Turing');
  await contacts.slide.getByRole('button', { name: 'Add an event' }).click();
  await contacts.slide.getByLabel('Event where you met').fill('Web Summit 2026');
  await contacts.slide.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contacts.slide.getByText('Web Summit 2026')).toBeVisible();
  await contacts.returnToList();

  await page.getByRole('combobox', { name: /^Event/ }).selectOption('Web Summit 2026');
  await expect(contacts.rows).toHaveCount(2);
  await expect(contacts.row('Grace Hopper')).toHaveCount(0);
  await expect(contacts.count).toHaveText('2 of 3 contacts');

  await current.getByRole('button', { name: 'End event' }).click();
  await expect(page.getByRole('button', { name: 'At an event? Tag everyone you save' })).toBeVisible();
});

test('offline, the current event and a contact’s event wait on the device as chosen and reach the server once back online', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await giveContacts(request, mailbox, verifiedUser, [{ name: 'Alan Turing' }]);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.rows).toHaveCount(1);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'At an event? Tag everyone you save' }).click();
  await page.getByRole('textbox', { name: /^Current event/ }).fill('Web Summit 2026');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    contacts.toast('You are offline. The event will be saved when you are back online.'),
  ).toBeVisible();
  const current = page.getByRole('region', { name: 'Current event' });
  await expect(current).toContainText('Saving contacts to Web Summit 2026');
  await expect(current).toContainText('Waiting for connection');

  await contacts.openContact('Alan Turing');
  await contacts.slide.getByRole('button', { name: 'Add an event' }).click();
  await contacts.slide.getByLabel('Event where you met').fill('Web Summit 2026');
  await contacts.slide.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contacts.slide).toContainText('Web Summit 2026');
  await expect(contacts.slide).toContainText('Waiting for connection');
  await contacts.returnToList();
  await expect(contacts.row('Alan Turing')).toContainText('Web Summit 2026');

  await context.setOffline(false);
  await expect(current).not.toContainText('Waiting for connection');
  const token = await logInByApi(request, verifiedUser);
  const headers = { Authorization: `Bearer ${token}` };
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/contact', { headers })).json()) as { event?: string }[])[0]?.event,
    )
    .toBe('Web Summit 2026');
  expect(await (await request.get('/api/contact/current-event', { headers })).json()).toEqual({
    event: 'Web Summit 2026',
  });
});

test('with more contacts than a screenful, a search typed as the screen opens and a contact opened by its link find the oldest @desktop', async ({
  page,
  request,
  verifiedUser,
}) => {
  // The screen paints the most recent 30 first and reads the rest after (docs/budgets.md): the oldest
  // contact is among the rest.
  const token = await logInByApi(request, verifiedUser);
  const ids: string[] = [];
  for (let added = 1; added <= 35; added += 1) {
    const answer = await request.post('/api/contact/add', {
      data: {
        name: `Person ${String(added).padStart(2, '0')}`,
        company: added === 1 ? 'Oldest Works' : 'Acme',
      },
      headers: {
        Authorization: `Bearer ${token}`,
        'idempotency-key': `e2e-screenful-${added}-${Date.now()}`,
      },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    ids.push(((await answer.json()) as { contact: { _id: string } }).contact._id);
  }
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.count).toHaveText('35 contacts');

  await page.reload();
  await contacts.search.fill('oldest');
  await expect(contacts.rows).toHaveCount(1);
  await expect(contacts.rows.first()).toContainText('Person 01');
  await expect(contacts.count).toHaveText('1 of 35 contacts');

  await page.goto(`/contacts?contact=${ids[0]}`);
  await expect(contacts.cardName).toHaveText('Person 01');
});
