import type { Locator, Page } from '@playwright/test';

export class AccountPage {
  readonly heading: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly revealCardId: Locator;
  readonly linkCard: Locator;
  readonly linkCardDialog: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Account Information' });
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    this.revealCardId = page.getByRole('button', { name: 'Reveal Card ID' });
    this.linkCard = page.getByRole('button', { name: 'Click here to link card' });
    this.linkCardDialog = page.getByRole('dialog', { name: 'Link your card' });
    this.back = page.getByRole('link', { name: 'Back' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/account');
  }

  /** The value as shown before it is clicked for editing. */
  value(label: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Edit ${label}: `) });
  }

  input(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }
}
