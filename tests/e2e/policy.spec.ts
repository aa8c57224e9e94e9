import { expectNoSeriousAxeViolations } from './accessibility';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';
import { PolicyPage } from './pages/policy-page';

test.beforeEach(async ({ page, verifiedUser }) => {
  await new LoginPage(page).goto();
  await new LoginPage(page).logIn(verifiedUser.email, verifiedUser.password);
  await expect(page).toHaveURL(/\/contacts$/);
});

test('the policy documents switch by click and show the facts members rely on @desktop', async ({ page }) => {
  const policy = new PolicyPage(page);
  await policy.goto();
  await expect(policy.tab('Privacy Policy')).toHaveAttribute('aria-selected', 'true');
  await expect(policy.panel).toContainText('aged 16 and over');
  await expect(policy.panel).toContainText('within 30 days of your request');
  await expect(policy.panel).toContainText('we answer every request within 30 days');
  await expectNoSeriousAxeViolations(page);

  await policy.tab('Terms of Service').click();
  await expect(policy.tab('Terms of Service')).toHaveAttribute('aria-selected', 'true');
  await expect(policy.tab('Privacy Policy')).toHaveAttribute('aria-selected', 'false');
  await expect(policy.panel.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
  await expect(policy.panel).toContainText('limited to 100 EUR');

  await policy.tab('Cookie Policy').click();
  await expect(policy.panel).toContainText('no tracking or advertising cookies');

  await policy.tab('Accessibility').click();
  for (const fact of ['WCAG', '2.1', 'EN 301 549', 'European Accessibility Act', 'within 2 business days']) {
    await expect(policy.panel).toContainText(fact);
  }
  await expect(policy.panel).toContainText('By e-mail:');
  await expect(policy.panel).toContainText('By post:');
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await expect(policy.tab('Accessibility')).toHaveAttribute('aria-selected', 'true');
  await policy.back.click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the policy tabs follow the keyboard: arrows wrap, Home and End jump', async ({ page }) => {
  const policy = new PolicyPage(page);
  await policy.goto();
  await policy.tab('Privacy Policy').focus();

  const expectSelected = async (name: string) => {
    await expect(policy.tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(policy.tab(name)).toBeFocused();
    await expect(policy.panel.getByRole('heading', { level: 2 })).toHaveText(name);
  };
  await page.keyboard.press('ArrowRight');
  await expectSelected('Terms of Service');
  await page.keyboard.press('End');
  await expectSelected('Accessibility');
  await page.keyboard.press('ArrowRight');
  await expectSelected('Privacy Policy');
  await page.keyboard.press('ArrowLeft');
  await expectSelected('Accessibility');
  await page.keyboard.press('Home');
  await expectSelected('Privacy Policy');

  // Only the selected tab is in the Tab order; the next stop is the document itself.
  await page.keyboard.press('Tab');
  await expect(policy.panel).toBeFocused();
});
