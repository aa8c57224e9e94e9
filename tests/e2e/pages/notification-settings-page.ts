import type { Locator, Page } from '@playwright/test';

export class NotificationSettingsPage {
  readonly heading: Locator;
  readonly back: Locator;
  readonly emailNotifications: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Notification Settings', level: 1 });
    this.back = page.getByRole('link', { name: 'Back', exact: true });
    this.emailNotifications = page.getByRole('switch', { name: 'Email notifications' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/notification-settings');
  }
}
