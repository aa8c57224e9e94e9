import type { Locator, Page } from '@playwright/test';

export class PublicCardPage {
  readonly name: Locator;
  readonly saveContact: Locator;
  readonly saveToPhone: Locator;
  readonly email: Locator;
  readonly linkedin: Locator;
  readonly website: Locator;
  readonly activate: Locator;
  readonly verifiedTap: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByRole('heading', { level: 1 });
    this.saveContact = page.getByRole('button', { name: 'Save Contact' });
    this.saveToPhone = page.getByRole('link', { name: 'Save to phone' });
    this.email = page.getByRole('link', { name: /^Email/ });
    this.linkedin = page.getByRole('link', { name: /^LinkedIn/ });
    this.website = page.getByRole('link', { name: /^Website/ });
    this.activate = page.getByRole('button', { name: 'Activate this card' });
    this.verifiedTap = page.getByText('Verified tap', { exact: true });
  }

  async goto(nfcUID: string): Promise<void> {
    await this.page.goto(`/nfc/${nfcUID}`);
  }

  toast(message: string): Locator {
    return this.page.getByRole('status').filter({ hasText: message });
  }
}
