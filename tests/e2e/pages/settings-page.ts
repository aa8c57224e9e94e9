import type { Locator, Page } from '@playwright/test';

export class SettingsPage {
  readonly logOut: Locator;
  readonly changePassword: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.logOut = page.getByRole('button', { name: 'Log Out' });
    this.changePassword = page.getByRole('link', { name: 'Change Password' });
    this.back = page.getByRole('link', { name: 'Back', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
  }

  entry(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true });
  }
}
