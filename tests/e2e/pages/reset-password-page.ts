import type { Locator, Page } from '@playwright/test';

export class ResetPasswordPage {
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly submit: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('New password', { exact: true });
    this.confirmation = page.getByLabel('Confirm new password');
    this.submit = page.getByRole('button', { name: 'Reset password' });
    this.status = page.locator('form').getByRole('status');
  }

  async setPassword(password: string): Promise<void> {
    await this.password.fill(password);
    await this.confirmation.fill(password);
    await this.submit.click();
  }
}
