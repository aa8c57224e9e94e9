import { expectNoSeriousAxeViolations } from './accessibility';
import { createCardOwner } from './cards';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';

test('the sign-in screens have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/login', '/register', '/forgot-password', `/reset-password/${'a'.repeat(43)}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});

test('a public card has no serious accessibility violations', async ({ page, request, mailbox }) => {
  const owner = await createCardOwner(request, mailbox);
  await page.goto(`/nfc/${owner.nfcUID}`);
  await expect(page.getByRole('button', { name: 'Save Contact' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the card and account screens have no serious accessibility violations @desktop', async ({
  page,
  verifiedUser,
}) => {
  await new LoginPage(page).signIn(verifiedUser);
  for (const [path, heading] of [
    ['/my-card', 'My Card'],
    ['/account', 'Account Information'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});
