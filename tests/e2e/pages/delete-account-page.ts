import type { Locator, Page } from '@playwright/test';

export class DeleteAccountPage {
  readonly heading: Locator;
  readonly cancel: Locator;
  readonly confirmStep: Locator;
  readonly dialog: Locator;
  readonly confirmation: Locator;
  readonly password: Locator;
  readonly confirmDelete: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Delete Account', level: 1 });
    this.cancel = page.getByRole('link', { name: 'Cancel' });
    this.confirmStep = page.getByRole('button', { name: 'Yes, delete my account' });
    this.dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    this.confirmation = this.dialog.getByLabel('Type "delete" to confirm');
    this.password = this.dialog.getByLabel('Your current password');
    this.confirmDelete = this.dialog.getByRole('button', { name: 'Delete Account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/delete-account');
  }
}
