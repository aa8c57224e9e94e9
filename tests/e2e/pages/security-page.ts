import { expect, type Locator, type Page } from '@playwright/test';

/** The security operator of the e2e server (playwright.config.ts). */
export const SECURITY_OPERATOR = { email: 'security@tapnet.test', password: 'Security-e2e-Passw0rd' };

export class SecurityPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly accessButton: Locator;
  readonly refreshButton: Locator;
  readonly recentEvents: Locator;
  readonly openDialog: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.accessButton = page.getByRole('button', { name: 'Access Security Dashboard' });
    this.refreshButton = page.getByRole('button', { name: 'Refresh Data' });
    this.recentEvents = page.getByRole('table', { name: 'Recent security events' });
    this.openDialog = page.locator('dialog[open]');
  }

  async logIn(operator = SECURITY_OPERATOR): Promise<void> {
    await this.page.goto('/security');
    await this.email.fill(operator.email);
    await this.password.fill(operator.password);
    await this.accessButton.click();
    await expect(this.refreshButton).toBeVisible();
  }

  /** A marker of the attack map, by the country's English name. */
  marker(country: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${country}: \\d+ attacks?, \\w+ severity$`) });
  }

  /** The first Unblock button of an address (the Blocked IPs card comes before the tools' full list). */
  unblockButton(ipAddress: string): Locator {
    return this.page.getByRole('button', { name: `Unblock ${ipAddress}`, exact: true }).first();
  }
}
