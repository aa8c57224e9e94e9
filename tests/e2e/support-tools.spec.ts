// The admin's support tools (issue 30 point 3): the admin finds a member by Card ID, moves their lost card
// to a replacement (the old card's page then says it was replaced), and disables and enables the account
// (its card says it is unavailable meanwhile), each with a reason the support history shows.
import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner, issueCard } from './cards';
import { expect, test } from './fixtures';
import { AdminDashboardPage, E2E_ADMIN } from './pages/admin-dashboard-page';

test('the admin finds a member, replaces their lost card and disables their account @desktop', async ({
  page,
  request,
  mailbox,
}, testInfo) => {
  const owner = await createCardOwner(request, mailbox);
  const replacement = await issueCard(request);
  const dashboard = new AdminDashboardPage(page);

  await page.goto('/admin/dashboard');
  await dashboard.logIn(E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(dashboard.refresh).toBeVisible();
  await dashboard.openTab('Support');

  await page.getByLabel('E-mail or Card ID').fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Find member' }).click();
  await expect(page.getByText('No member has this e-mail address or Card ID.')).toBeVisible();

  await page.getByLabel('E-mail or Card ID').fill(owner.nfcUID);
  await page.getByRole('button', { name: 'Find member' }).click();
  await expect(page.getByText(owner.user.email, { exact: true })).toBeVisible();
  await expect(page.getByText(owner.nfcUID, { exact: true })).toBeVisible();
  await expect(page.getByText('No support actions yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('support-member.png'), fullPage: true });

  // An action without a reason is refused with the server's words, and changes nothing.
  await page.getByLabel('Replacement Card ID').fill(replacement);
  await page.getByRole('button', { name: 'Move to replacement card' }).click();
  await expect(page.getByText('Please give a reason (at least 3 characters)')).toBeVisible();

  await page.getByLabel('Reason', { exact: true }).fill('Lost at a trade fair');
  await page.getByRole('button', { name: 'Move to replacement card' }).click();
  await expect(page.getByText('The member now holds the replacement card')).toBeVisible();
  await expect(page.getByText(replacement, { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Moved to replacement card by admin@tapnet\.test\. .*Lost at a trade fair/),
  ).toBeVisible();

  await page.getByLabel('Reason', { exact: true }).fill('Reported as compromised');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByText(/^Disabled since /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('support-disabled.png'), fullPage: true });

  // What visitors see meanwhile: the old card was replaced, the new one is unavailable.
  const visitor = await page.context().newPage();
  await visitor.goto(`/nfc/${owner.nfcUID}`);
  await expect(visitor.getByRole('heading', { name: 'Card replaced' })).toBeVisible();
  await expect(visitor.getByText(/This card has been replaced by its owner/)).toBeVisible();
  await expectNoSeriousAxeViolations(visitor);
  await visitor.goto(`/nfc/${replacement}`);
  await expect(visitor.getByRole('heading', { name: 'Card unavailable' })).toBeVisible();

  await page.getByLabel('Reason', { exact: true }).fill('Owner confirmed by phone');
  await page.getByRole('button', { name: 'Enable account' }).click();
  await expect(page.getByText('The account is enabled again; the member can sign in.')).toBeVisible();
  const card = await request.get(`/api/nfc/${replacement}`);
  expect(card.status(), await card.text()).toBe(200);
});
