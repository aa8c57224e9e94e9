// The admin analytics dashboard (insights-and-operators.md §2, §4, §8; issue 15): an operator signs in
// on /admin/dashboard and sees figures made by real member sign-ins in this test, tab by tab, refreshes,
// issues cards, exports a table and logs out; an expired token sends them back to the login.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './accessibility';
import { uniqueEmail } from './cards';
import { expect, type NewUser, test } from './fixtures';
import { ADMIN_TAB_NAMES, AdminDashboardPage, E2E_ADMIN } from './pages/admin-dashboard-page';

/** A phone's browser: the member's sign-in is counted under Mobile. */
const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFromPhone(request: APIRequestContext, member: NewUser): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
    headers: { 'User-Agent': IPHONE_USER_AGENT },
  });
  expect(login.status(), await login.text()).toBe(200);
}

async function register(request: APIRequestContext, email: string): Promise<void> {
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Charles Babbage', email, password: 'Difference1Engine', dateOfBirth: '1991-12-26' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

test('an operator signs in, reads every tab, refreshes, issues cards, exports and logs out @desktop', async ({
  page,
  request,
  verifiedUser,
}) => {
  const refreshes: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/auth/refresh-token')) refreshes.push(sent.url());
  });
  const dashboard = new AdminDashboardPage(page);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(dashboard.email).toHaveAttribute('type', 'email');
  await expectNoSeriousAxeViolations(page);

  await dashboard.email.fill(E2E_ADMIN.email);
  await dashboard.logInButton.click();
  await expect(dashboard.message).toHaveText('Please enter both email and password');
  await dashboard.logIn(E2E_ADMIN.email, 'not-the-password');
  await expect(dashboard.message).toHaveText('Invalid email or password');

  // Overview lists the last 5 logins of everyone: the other worker's journeys sign in too, so the
  // phone's login comes just before the dashboard reads them.
  await signInFromPhone(request, verifiedUser);
  await dashboard.logIn(E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(dashboard.refresh).toBeVisible();
  await expect(dashboard.logout).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Overview: the four member figures, session metrics, the growth line and the latest activity.
  for (const label of ['Total Users', 'New Today', 'Active Today', 'Verified']) {
    await expect(dashboard.figure(label)).toBeVisible();
  }
  expect(await dashboard.figureValue('Total Users')).toBeGreaterThanOrEqual(1);
  expect(await dashboard.figureValue('Online Now')).toBeGreaterThanOrEqual(1);
  await expect(
    dashboard.panel.getByRole('figure', { name: 'New users per day (last 30 days)' }),
  ).toBeVisible();
  // Two sign-ins: the e-mail verification, then the phone's login.
  await expect(
    dashboard.listItem('Recent logins', verifiedUser.email).filter({ hasText: 'Mobile' }),
  ).toBeVisible();
  await expect(
    dashboard.listItem('Recent registrations', verifiedUser.email).getByRole('img', { name: 'Verified' }),
  ).toBeVisible();
  await expect(page.getByText(/“Today” runs from midnight to midnight in \S+/).first()).toBeVisible();
  await expect(page.getByText(/never the IP address|for \d+ days/i).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A second member registers while the operator looks: Refresh Data brings them in, still unverified.
  const newcomer = uniqueEmail('babbage');
  await register(request, newcomer);
  await dashboard.refresh.click();
  await dashboard.openTab('Users');
  await expect(
    dashboard.listItem('Last 10 registrations', newcomer).getByRole('img', { name: 'Verification pending' }),
  ).toBeVisible();
  const exported = page.waitForEvent('download');
  await dashboard.panel.getByRole('button', { name: 'Export CSV' }).click();
  expect(await downloadedText(await exported)).toContain(newcomer);
  await expectNoSeriousAxeViolations(page);

  await dashboard.openTab('Sessions');
  for (const label of ['Online Now', 'Avg Duration (min)', 'Sessions Today', 'Total Sessions']) {
    await expect(dashboard.figure(label)).toBeVisible();
  }
  expect(await dashboard.figureValue('Sessions Today')).toBeGreaterThanOrEqual(1);
  await expect(dashboard.listItem('Last 10 logins', verifiedUser.email).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dashboard.openTab('Growth');
  await dashboard.panel.getByRole('button', { name: /show as table/i }).click();
  await expect(dashboard.panel.getByRole('table')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Every request here comes from loopback, which is never looked up: no country is known.
  await dashboard.openTab('Geographic');
  await expect(dashboard.panel.getByText('No geographical data available')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dashboard.openTab('Devices');
  await expect(dashboard.panel.getByRole('figure', { name: 'Device usage' })).toBeVisible();
  await expect(dashboard.figure('Mobile')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await dashboard.openTab('Cards');
  const issuedBefore = await dashboard.figureValue('Issued');
  await page.getByLabel(/Number of cards/).fill('3');
  await page.getByRole('button', { name: 'Issue cards' }).click();
  await expect(page.getByText('Issued 3 cards')).toBeVisible();
  const batch = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download this batch (CSV)' }).click();
  const rows = (await downloadedText(await batch)).trim().split(/\r\n/);
  expect(rows[0]).toBe('nfcUID,url');
  expect(rows.slice(1)).toHaveLength(3);
  for (const row of rows.slice(1))
    expect(row).toMatch(/^[0-9a-f]{40}-\d+,http:\/\/\S+\/nfc\/[0-9a-f]{40}-\d+$/);
  await expect.poll(() => dashboard.figureValue('Issued')).toBeGreaterThanOrEqual(issuedBefore + 3);
  await page.getByLabel(/Number of cards/).fill('1001');
  await page.getByRole('button', { name: 'Issue cards' }).click();
  await expect(page.getByText('count must be at most 1000')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  await page.getByRole('tab', { name: ADMIN_TAB_NAMES.at(-1) }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: ADMIN_TAB_NAMES[0] })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  await dashboard.logout.click();
  await expect(dashboard.logInButton).toBeVisible();
  await expect(dashboard.password).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  expect(refreshes).toEqual([]);
});

test('an expired or invalid admin token returns to the login with the session-expired message', async ({
  page,
}) => {
  const analyticsCalls: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/admin/analytics')) analyticsCalls.push(response.status());
  });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('adminToken', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired'));

  await page.reload();

  const dashboard = new AdminDashboardPage(page);
  await expect(dashboard.message).toHaveText('Admin session expired. Please log in again.');
  expect(analyticsCalls).toEqual([401]);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await expectNoSeriousAxeViolations(page);
});

test('a member token is refused by the admin dashboard', async ({ page, request, verifiedUser }) => {
  const login = await request.post('/api/auth/login', {
    data: { email: verifiedUser.email, password: verifiedUser.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  // Stored before the app's first line runs: stored after the page opened, a slow app would find it
  // on its first render, be refused, and forget it before a reload could show the refusal.
  await page.addInitScript((token) => localStorage.setItem('adminToken', token), accessToken);
  await page.goto('/admin/dashboard');

  await expect(new AdminDashboardPage(page).message).toHaveText(
    'Admin session expired. Please log in again.',
  );
});
