import type { Locator, Page } from '@playwright/test';

/** /account-settings and the typed-confirmation modal it shares with /delete-account. */
export class AccountSettingsPage {
  readonly heading: Locator;
  readonly back: Locator;
  readonly changePassword: Locator;
  readonly privacySettings: Locator;
  readonly deleteAccount: Locator;
  readonly dialog: Locator;
  readonly confirmation: Locator;
  readonly password: Locator;
  readonly confirmDelete: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Account', level: 1 });
    this.back = page.getByRole('link', { name: 'Back', exact: true });
    // The page's own links: on wide screens the settings sections beside it name Change Password too.
    const content = page.getByRole('main');
    this.changePassword = content.getByRole('link', { name: 'Change Password' });
    this.privacySettings = content.getByRole('link', { name: 'Privacy Settings' });
    this.deleteAccount = page.getByRole('button', { name: 'Delete Account' });
    this.dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    this.confirmation = this.dialog.getByLabel('Type "delete" to confirm');
    this.password = this.dialog.getByLabel('Your current password');
    this.confirmDelete = this.dialog.getByRole('button', { name: 'Delete Account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/account-settings');
  }

  /** The value shown for a term of the account summary (Name, Email, Member since). */
  detail(term: string): Locator {
    return this.page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }
}
