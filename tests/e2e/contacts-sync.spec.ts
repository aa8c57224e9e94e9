// Two tabs of one member share the polling for contacts (spec §4 Contacts cache, Polling): only the
// leader tab asks the server, and when it closes the other tab takes over. Also: the contacts cache
// is filled after login and removed with the session.
import type { Page } from '@playwright/test';
import { ownerCard, saveCardElsewhere } from './cards';
import { countStored } from './device-store';
import { expect, type NewUser, test } from './fixtures';
import { ContactsPage } from './pages/contacts-page';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
import { waitForServiceWorkerControl } from './service-worker';

/**
 * The leader's first poll comes 5 s after it is elected, the next 21 to 29 s later. Counting starts once
 * both tabs are open, which on a slow machine can be after that first poll: two more may take 2 × 29 s.
 */
const TWO_POLLS_TIMEOUT_MS = 29_000 + 29_000 + 10_000;
/** A closing leader hands over at once (pagehide), so the other tab polls about 5 s later. */
const TAKEOVER_TIMEOUT_MS = 15_000;

/** Counts the contact-list requests a tab sends, from now on. */
function countContactListRequests(tab: Page): { count: number } {
  const counter = { count: 0 };
  tab.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/contact') counter.count += 1;
  });
  return counter;
}

async function openContacts(page: Page, member: NewUser): Promise<ContactsPage> {
  const login = new LoginPage(page);
  await login.goto();
  await page.evaluate(() => localStorage.setItem('activationPromptDismissed', 'true'));
  await login.logIn(member.email, member.password);
  await expect(page).toHaveURL(/\/contacts$/);
  return new ContactsPage(page);
}

test('a contact saved elsewhere appears in both open tabs of the member', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  test.setTimeout(120_000);
  const first = await openContacts(page, verifiedUser);
  await expect(first.emptyText).toBeVisible();
  const secondTab = await context.newPage();
  const second = new ContactsPage(secondTab);
  await second.goto();
  await expect(second.emptyText).toBeVisible();

  await saveCardElsewhere(request, mailbox, verifiedUser);
  // The leader's next poll stores it; the other tab sees the stored list through its live query.
  for (const tab of [first, second]) {
    await expect(tab.row(ownerCard.name)).toBeVisible({ timeout: TWO_POLLS_TIMEOUT_MS });
  }
});

test('the contacts screen shows the cached contacts with the network off', async ({
  page,
  context,
  request,
  mailbox,
  verifiedUser,
}) => {
  await saveCardElsewhere(request, mailbox, verifiedUser);
  const contacts = await openContacts(page, verifiedUser);
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect.poll(() => countStored(page, 'contactSets')).toBe(1);

  await context.setOffline(true);
  await page.reload();
  await expect(contacts.row(ownerCard.name)).toBeVisible();
  await expect(contacts.rows).toHaveCount(1);
  await context.setOffline(false);
});

test('only one tab of a member polls for contacts, and the other takes over when it closes', async ({
  page,
  context,
  verifiedUser,
}) => {
  test.setTimeout(120_000);
  await new LoginPage(page).signIn(verifiedUser);
  // Away from the contacts screen, whose own loading would also ask for the list.
  const first = new SettingsPage(page);
  await first.goto();
  await expect(first.logOut).toBeVisible();
  const secondTab = await context.newPage();
  const second = new SettingsPage(secondTab);
  await second.goto();
  await expect(second.logOut).toBeVisible();

  const requests = new Map([
    [page, countContactListRequests(page)],
    [secondTab, countContactListRequests(secondTab)],
  ]);
  const counts = () => [...requests.values()].map((counter) => counter.count);
  await expect
    .poll(() => Math.max(...counts()), { timeout: TWO_POLLS_TIMEOUT_MS, intervals: [500] })
    .toBeGreaterThanOrEqual(2);
  expect(Math.min(...counts()), 'the tab that is not the leader does not poll').toBe(0);

  const leader = (requests.get(page)?.count ?? 0) > 0 ? page : secondTab;
  const follower = leader === page ? secondTab : page;
  const followerRequests = requests.get(follower) ?? { count: 0 };
  await leader.close({ runBeforeUnload: true });

  await expect
    .poll(() => followerRequests.count, { timeout: TAKEOVER_TIMEOUT_MS, intervals: [500] })
    .toBeGreaterThanOrEqual(1);
});

test('the contacts cache is filled after login and removed when the member logs out', async ({
  page,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  await expect.poll(() => countStored(page, 'contactSets')).toBe(1);

  const settings = new SettingsPage(page);
  await settings.goto();
  await settings.logOut.click();
  await expect(page).toHaveURL(/\/login/);

  await expect.poll(() => countStored(page, 'contactSets')).toBe(0);
  const pollLeaderKeys = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('tapnet:poll-leader:')),
  );
  expect(pollLeaderKeys).toEqual([]);
});
