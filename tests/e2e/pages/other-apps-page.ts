import type { Locator, Page } from '@playwright/test';

export class OtherAppsPage {
  readonly heading: Locator;
  readonly deviceName: Locator;
  readonly createPassword: Locator;
  readonly newPassword: Locator;
  readonly qrCode: Locator;
  readonly webhookAddress: Locator;
  readonly addWebhook: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Contacts in Other Apps', level: 1 });
    this.deviceName = page.getByLabel('Device name');
    this.createPassword = page.getByRole('button', { name: 'Create app password' });
    this.newPassword = page.getByLabel('The new app password');
    this.qrCode = page.getByRole('img', { name: 'QR code with the server, user name and this app password' });
    this.webhookAddress = page.getByLabel('Receiver address');
    this.addWebhook = page.getByRole('button', { name: 'Add webhook' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/other-apps');
  }

  /** The value shown for a term of the address book's details (Server, User name). */
  detail(term: string): Locator {
    return this.page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  appPassword(name: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: name });
  }

  revoke(name: string): Locator {
    return this.page.getByRole('button', { name: `Revoke ${name}` });
  }
}
