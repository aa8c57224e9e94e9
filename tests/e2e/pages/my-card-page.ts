import type { Locator, Page } from '@playwright/test';

export class MyCardPage {
  readonly heading: Locator;
  readonly activeBadge: Locator;
  readonly notActivatedBadge: Locator;
  readonly cardId: Locator;
  readonly activateCard: Locator;
  readonly previewCard: Locator;
  readonly orderNow: Locator;
  readonly saveChanges: Locator;
  readonly congratulations: Locator;
  readonly qrCode: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'My Card' });
    this.activeBadge = page.getByText('Active', { exact: true }).first();
    this.notActivatedBadge = page.getByText('Not Activated', { exact: true }).first();
    this.cardId = page.getByLabel('Card ID');
    this.activateCard = page.getByRole('button', { name: 'Activate Card' });
    this.previewCard = page
      .getByRole('button', { name: 'Preview Card' })
      .or(page.getByRole('link', { name: 'Preview Card' }));
    this.orderNow = page.getByRole('link', { name: /Order Now/ });
    this.saveChanges = page.getByRole('button', { name: 'Save Changes' });
    this.congratulations = page.getByText('Card linked successfully!');
    this.qrCode = page.getByRole('img', { name: 'QR code that opens your card' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/my-card${query}`);
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}
