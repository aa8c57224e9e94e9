import { expect, type Locator, type Page } from '@playwright/test';

/** The security operator of the e2e server (playwright.config.ts). */
export const SECURITY_OPERATOR = { email: 'security@tapnet.test', password: 'Security-e2e-Passw0rd' };

export class SecurityPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly accessButton: Locator;
  readonly refreshButton: Locator;
  readonly logoutButton: Locator;
  readonly recentEvents: Locator;
  readonly openDialog: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.accessButton = page.getByRole('button', { name: 'Access Security Dashboard' });
    this.refreshButton = page.getByRole('button', { name: 'Refresh Data' });
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
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

  /**
   * Where a touch on the marker lands `offset` px to the right of its centre: its aria-label, or null.
   * The marker is 24 px wide; on touch its hit area reaches 44 x 44 px.
   */
  async markerAt(marker: Locator, offset: number): Promise<string | null> {
    const box = await marker.boundingBox();
    if (!box) throw new Error('The marker is not on screen');
    const point = { x: box.x + box.width / 2 + offset, y: box.y + box.height / 2 };
    return this.page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null,
      point,
    );
  }

  /** The first Unblock button of an address (the Blocked IPs card comes before the tools' full list). */
  unblockButton(ipAddress: string): Locator {
    return this.page.getByRole('button', { name: `Unblock ${ipAddress}`, exact: true }).first();
  }
}
