// The security console drills down (issue 30 point 2): from the critical alert to its events in the
// event log, from an event to its address's page, and the actions there; the log's filters and export.
import { attack, attackerFor, from } from './attacks';
import { expect, test } from './fixtures';
import { SecurityPage } from './pages/security-page';

test('@desktop the operator follows the critical alert to its events, then to the attacker’s page, and unblocks it there', async ({
  page,
  request,
}, testInfo) => {
  const attacker = attackerFor(testInfo.project.name);
  await attack(request, attacker.ipAddress);

  const security = new SecurityPage(page);
  await security.logIn();
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Event log' })
    .waitFor();

  // Review Events opens the event log on the critical events of the last 24 hours.
  await page.getByRole('button', { name: 'Review Events' }).click();
  const log = page.getByRole('region', { name: 'Event Log' });
  await expect(page.locator('h2:focus')).toHaveText('Event Log');
  await expect(log.getByLabel('Severity')).toHaveValue('CRITICAL');
  const attackerRows = log.getByRole('row').filter({ hasText: attacker.ipAddress });
  await expect(attackerRows.first()).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: /High|Medium|Low/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('event-log.png'), fullPage: false });

  // The address narrows the log to it; the export saves exactly what is shown.
  await log.getByLabel('Severity').selectOption('');
  await log.getByLabel('Address or /64').fill(attacker.ipAddress);
  await log.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(log.getByText(/^Events 1–\d+ of \d+$/)).toBeVisible();
  const rows = log.getByRole('table', { name: 'Events matching the filters' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const address of await rows.locator('td[data-label="IP Address"]').allTextContents()) {
    expect(address).toBe(attacker.ipAddress);
  }
  const download = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export these events (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^tapnet-security-events-.*\.csv$/);

  // The address's page: where it is, what it did, and its block, lifted from there.
  await log
    .getByRole('button', { name: `Open the page of ${attacker.ipAddress}` })
    .first()
    .click();
  const dialog = security.openDialog;
  await expect(dialog.getByRole('heading', { name: `Address ${attacker.ipAddress}` })).toBeVisible();
  await expect(dialog).toContainText(`Country${attacker.country}`);
  await expect(dialog).toContainText(/Blocked nowUntil/);
  await expect(dialog.getByRole('heading', { name: 'Rules hit (24 h)' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('address-page.png'), fullPage: false });
  await dialog.getByRole('button', { name: `Unblock ${attacker.ipAddress}` }).click();
  await expect(dialog).toContainText(`Unblock IP ${attacker.ipAddress}?`);
  await dialog.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `IP ${attacker.ipAddress} unblocked successfully` }),
  ).toBeVisible();
  await expect(dialog).toContainText('Blocked nowNo');
  await expect(dialog.getByRole('button', { name: 'Block for 24 hours' })).toBeVisible();
  expect((await request.get('/api/health', from(attacker.ipAddress))).status()).toBe(200);
});

test('@desktop the operator’s own address shows why it cannot be blocked instead of a Block that fails', async ({
  page,
}) => {
  const security = new SecurityPage(page);
  await security.logIn();
  const log = page.getByRole('region', { name: 'Event Log' });
  await log.getByLabel('Address or /64').fill('127.0.0.1');
  await log.getByRole('button', { name: 'Apply Filters' }).click();
  await log.getByRole('button', { name: 'Open the page of 127.0.0.1' }).first().click();
  await expect(security.openDialog).toContainText(
    'Cannot be blocked: You cannot block the address you are connected from.',
  );
  await expect(security.openDialog.getByRole('button', { name: 'Block for 24 hours' })).toHaveCount(0);
});
