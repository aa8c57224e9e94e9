import type { Locator, Page } from '@playwright/test';

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly submit: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.submit = page.getByRole('button', { name: 'Send reset link' });
    this.status = page.locator('form').getByRole('status');
  }

  async requestResetLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}
