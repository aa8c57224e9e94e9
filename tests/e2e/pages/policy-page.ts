import type { Locator, Page } from '@playwright/test';

export class PolicyPage {
  readonly tablist: Locator;
  readonly panel: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.tablist = page.getByRole('tablist', { name: 'Policy documents' });
    this.panel = page.getByRole('tabpanel');
    this.back = page.getByRole('link', { name: 'Back' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/policy');
  }

  tab(name: string): Locator {
    return this.tablist.getByRole('tab', { name });
  }
}
