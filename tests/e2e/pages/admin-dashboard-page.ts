import { expect, type Locator, type Page } from '@playwright/test';

/** The e2e server's admin operator (playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@tapnet.test', password: 'Admin-e2e-Passw0rd' };

export const ADMIN_TAB_NAMES = [
  'Overview',
  'Users',
  'Sessions',
  'Growth',
  'Geographic',
  'Devices',
  'Cards',
  'Support',
] as const;
export type AdminTabName = (typeof ADMIN_TAB_NAMES)[number];

export class AdminDashboardPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly logInButton: Locator;
  readonly message: Locator;
  readonly refresh: Locator;
  readonly logout: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.logInButton = page.getByRole('button', { name: 'Log In', exact: true });
    this.message = page.locator('form').getByRole('alert');
    this.refresh = page.getByRole('button', { name: 'Refresh Data' });
    this.logout = page.getByRole('button', { name: 'Logout' });
    this.panel = page.getByRole('tabpanel');
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.logInButton.click();
  }

  async openTab(name: AdminTabName): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
    await expect(this.page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  }

  /** The value of the figure named `label` (a <dt>) in the open tab. */
  figure(label: string): Locator {
    return this.panel
      .locator('dt')
      .and(this.page.getByText(label, { exact: true }))
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The figure's number, as shown first in its value ('1,204 (25.6% of issued)' reads 1204). */
  async figureValue(label: string): Promise<number> {
    const shown = (await this.figure(label).textContent())?.match(/\d[\d,]*(\.\d+)?/)?.[0] ?? 'NaN';
    return Number(shown.replaceAll(',', ''));
  }

  /** The row of the list titled `title` that shows `email`. */
  listItem(title: string, email: string): Locator {
    return this.panel.getByRole('region', { name: title }).getByRole('listitem').filter({ hasText: email });
  }
}
