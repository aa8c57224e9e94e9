// The security operator's dashboard on the real server: attacks sent by the test itself show up as events
// and on the map, the attacker's block is lifted after the confirmation, and the dashboard passes axe.
// The attacks come from public addresses behind the e2e server's trusted proxy (attacks.ts).
import { expectNoSeriousAxeViolations } from './accessibility';
import { attack, attackerFor, from } from './attacks';
import { expect, test } from './fixtures';
import { SecurityPage } from './pages/security-page';

test('@desktop the security operator sees real attacks, opens the country on the map and unblocks the attacker', async ({
  page,
  request,
}, testInfo) => {
  const attacker = attackerFor(testInfo.project.name);
  await attack(request, attacker.ipAddress);

  const security = new SecurityPage(page);
  await security.logIn();

  // The attack is among the latest events, with its address and a label of its type.
  const attackRows = security.recentEvents.getByRole('row').filter({ hasText: attacker.ipAddress });
  await expect(attackRows.first()).toBeVisible();
  await expect(
    attackRows.filter({ hasText: /Scanner Detected|Sensitive File Access|IP Blocked/ }).first(),
  ).toBeVisible();
  await expect(
    page.getByText(/^Active threats from \d+ countr(y|ies)( and addresses of no known country)?$/),
  ).toBeVisible();

  // The attacker's country has a marker; the keyboard opens it.
  const marker = security.marker(attacker.country);
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(security.openDialog).toContainText(`Country${attacker.country}`);
  await expect(security.openDialog).toContainText(/Attacks\d+/);
  await expect(security.openDialog).toContainText(/Severity(Critical|High|Medium|Low)/);
  await expect(security.openDialog).toContainText('Last attack');
  await page.keyboard.press('Escape');
  await expect(security.openDialog).toHaveCount(0);
  await expect(marker).toBeFocused();
  // A finger gets 44 x 44 px around the 24 px marker (a mouse needs no more than the marker).
  if (testInfo.project.use.hasTouch) {
    expect(await security.markerAt(marker, 20)).toBe(await marker.getAttribute('aria-label'));
  }

  await expectNoSeriousAxeViolations(page);

  // Unblock asks first; Cancel leaves the block in place.
  await security.unblockButton(attacker.ipAddress).click();
  await expect(security.openDialog).toContainText(`Unblock IP ${attacker.ipAddress}?`);
  await security.openDialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await request.get('/api/health', from(attacker.ipAddress))).status()).toBe(403);

  await security.unblockButton(attacker.ipAddress).click();
  await security.openDialog.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `IP ${attacker.ipAddress} unblocked successfully` }),
  ).toBeVisible();
  // The dashboard reloaded without the block, and the address is served again.
  await expect(page.getByRole('button', { name: `Unblock ${attacker.ipAddress}`, exact: true })).toHaveCount(
    0,
  );
  // The pressed button left with its row: focus is on the heading of the list it was in, not on <body>.
  await expect(page.locator('h2:focus')).toHaveText(/^(Blocked IPs|Active Blocks)$/);
  expect((await request.get('/api/health', from(attacker.ipAddress))).status()).toBe(200);

  // After Logout the login form has focus, ready for the next sign-in.
  await security.logoutButton.click();
  await expect(security.email).toBeFocused();
});

test('the security login says what is missing or wrong, and an expired session returns to it', async ({
  page,
}) => {
  const security = new SecurityPage(page);
  await page.goto('/security');
  await security.email.fill('');
  await security.accessButton.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Please enter both email and password');

  await security.email.fill('security@tapnet.test');
  await security.password.fill('Not-the-password-1');
  await security.accessButton.click();
  await expect(page.locator('form').getByRole('alert')).not.toHaveText(
    'Please enter both email and password',
  );
  await expect(security.refreshButton).toHaveCount(0);

  await security.logIn();
  await page.evaluate(() => localStorage.setItem('securityToken', 'no-longer-valid'));
  await security.refreshButton.click();
  await expect(page.getByText('Security session expired. Please log in again.')).toBeVisible();
  await expect(security.accessButton).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('securityToken'))).toBeNull();
});

test('an admin’s token does not open the security dashboard', async ({ page, request }) => {
  const login = await request.post('/api/admin/login', {
    data: { email: 'admin@tapnet.test', password: 'Admin-e2e-Passw0rd' },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const security = new SecurityPage(page);
  await security.logIn();
  await page.evaluate((adminToken) => localStorage.setItem('securityToken', adminToken), token);
  await security.refreshButton.click();
  await expect(page.getByText('Security session expired. Please log in again.')).toBeVisible();
  await expect(security.accessButton).toBeVisible();
});

test('@desktop the operator blocks an address by hand, allowlists it, switches a rule and exports the events', async ({
  page,
  request,
}) => {
  // A documentation address: nobody real sends from it.
  const ipAddress = `198.51.100.${2 + Math.floor(Math.random() * 250)}`;
  const security = new SecurityPage(page);
  await security.logIn();

  const blockForm = page.getByRole('region', { name: 'Block an Address' });
  await blockForm.getByLabel('IP address').fill(ipAddress);
  await blockForm.getByLabel('For').selectOption({ label: '1 hour' });
  await blockForm.getByLabel('Reason').fill('E2E: credential stuffing seen in the mail logs');
  await blockForm.getByRole('button', { name: 'Block Address' }).click();
  await expect(page.getByRole('status').filter({ hasText: `IP ${ipAddress} blocked until` })).toBeVisible();
  expect((await request.get('/api/health', from(ipAddress))).status()).toBe(403);

  // Why: the operator's own block and its reason.
  const activeBlocks = page.getByRole('region', { name: 'Active Blocks' });
  await activeBlocks.getByRole('button', { name: `Why ${ipAddress} is blocked` }).click();
  await expect(security.openDialog).toContainText(
    'Blocked by security@tapnet.test: E2E: credential stuffing seen in the mail logs',
  );
  await page.keyboard.press('Escape');

  // Allowlisting the address lifts its block.
  const allowlist = page.getByRole('region', { name: 'Allowlist' });
  await allowlist.getByLabel('Address or range').fill(`${ipAddress}/32`);
  await allowlist.getByLabel('Comment').fill('E2E: the office printer');
  await allowlist.getByRole('button', { name: 'Add to Allowlist' }).click();
  await expect(allowlist.getByText('E2E: the office printer')).toBeVisible();
  await expect(activeBlocks.getByRole('button', { name: `Unblock ${ipAddress}` })).toHaveCount(0);
  expect((await request.get('/api/health', from(ipAddress))).status()).toBe(200);
  await allowlist.getByRole('button', { name: `Remove ${ipAddress}/32 from the allowlist` }).click();
  await expect(allowlist.getByText('E2E: the office printer')).toHaveCount(0);

  // A rule's mode changes after a confirmation, and back.
  const rules = page.getByRole('region', { name: 'Detection Rules' });
  await expect(
    rules.getByText(/^Would have blocked \d+ address(es)? in the last 24 h$/).first(),
  ).toBeVisible();
  await rules.getByLabel('Mode of login-success').selectOption('off');
  await expect(security.openDialog).toContainText('Switch login-success to off?');
  await security.openDialog.getByRole('button', { name: 'Switch' }).click();
  await expect(rules.getByLabel('Mode of login-success')).toHaveValue('off');
  await rules.getByLabel('Mode of login-success').selectOption('detect');
  await security.openDialog.getByRole('button', { name: 'Switch' }).click();
  await expect(rules.getByLabel('Mode of login-success')).toHaveValue('detect');

  // Every action is in the audit log.
  const audit = page.getByRole('region', { name: 'Audit Log' });
  await security.refreshButton.click();
  await expect(audit.getByText(ipAddress).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Event Log' })
    .getByRole('button', { name: 'Export these events (CSV)' })
    .click();
  expect((await download).suggestedFilename()).toMatch(
    /^tapnet-security-events-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
});
