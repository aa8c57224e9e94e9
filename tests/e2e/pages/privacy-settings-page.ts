import type { Locator, Page } from '@playwright/test';

export class PrivacySettingsPage {
  readonly heading: Locator;
  readonly back: Locator;
  readonly downloadVCard: Locator;
  readonly downloadCsv: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Privacy Settings', level: 1 });
    this.back = page.getByRole('link', { name: 'Back', exact: true });
    this.downloadVCard = page.getByRole('button', { name: 'Download vCard (.vcf)' });
    this.downloadCsv = page.getByRole('button', { name: 'Download CSV (.csv)' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/privacy-settings');
  }
}
