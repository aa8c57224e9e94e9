import type { Locator, Page } from '@playwright/test';

export class SettingsPage {
  readonly logOut: Locator;
  readonly changePassword: Locator;

  constructor(readonly page: Page) {
    this.logOut = page.getByRole('button', { name: 'Log Out' });
    this.changePassword = page.getByRole('link', { name: 'Change Password' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
  }
}
