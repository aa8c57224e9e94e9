import type { Locator, Page } from '@playwright/test';

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly submit: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    // Within this screen's form: the log-in screen it is opened from has an Email field too, and a fill
    // that lands there before the screens change is lost.
    const form = page.getByRole('region', { name: 'Reset your password' });
    this.email = form.getByLabel('Email');
    this.submit = form.getByRole('button', { name: 'Send reset link' });
    this.status = form.getByRole('status');
  }

  async requestResetLink(email: string): Promise<void> {
    await this.email.fill(email);
    await this.submit.click();
  }
}
