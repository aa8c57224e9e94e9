import type { Locator, Page } from '@playwright/test';

export class InvitationsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly empty: Locator;
  readonly back: Locator;
  readonly retry: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Invitations', level: 1 });
    this.list = page.getByRole('list', { name: 'Pending invitations' });
    this.empty = page.getByText('No pending invitations.');
    this.back = page.getByRole('link', { name: 'Back' });
    this.retry = page.getByRole('button', { name: 'Try again' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/invitations');
  }

  invitationFrom(name: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }

  accept(name: string): Locator {
    return this.invitationFrom(name).getByRole('button', { name: `Accept invitation from ${name}` });
  }

  deny(name: string): Locator {
    return this.invitationFrom(name).getByRole('button', { name: `Deny invitation from ${name}` });
  }

  toast(message: string): Locator {
    return this.page.getByRole('status').filter({ hasText: message });
  }

  alert(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }
}
