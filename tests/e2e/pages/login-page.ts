import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly forgotPasswordLink: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Log In', exact: true });
    this.forgotPasswordLink = page.getByRole('link', { name: 'Forgot your password?' });
    // The form's own message, not a toast (toasts use the same roles).
    this.error = page.locator('form').getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  /** From the login screen to the contacts screen, where a signed-in member lands. */
  async signIn(user: { email: string; password: string }): Promise<void> {
    await this.goto();
    await this.logIn(user.email, user.password);
    await expect(this.page).toHaveURL(/\/contacts$/);
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
