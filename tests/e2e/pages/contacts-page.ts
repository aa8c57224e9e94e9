import type { Locator, Page } from '@playwright/test';

export class ContactsPage {
  readonly heading: Locator;
  readonly carousel: Locator;
  /** The one contact shown, named "Contact 2 of 5". */
  readonly slide: Locator;
  readonly cardName: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly sortBy: Locator;
  readonly edit: Locator;
  readonly doneEditing: Locator;
  readonly emptyText: Locator;
  readonly invitations: Locator;
  readonly settingsMenu: Locator;
  readonly panelToggle: Locator;
  readonly notes: Locator;
  /** The quiet offer above the list to members without a card; its button opens `activationPrompt`. */
  readonly activationOffer: Locator;
  readonly activationPrompt: Locator;
  readonly completeCardDialog: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Contacts', level: 1 });
    this.carousel = page.getByRole('region', { name: 'Contacts' });
    this.slide = this.carousel.getByRole('group', { name: /^Contact \d+ of \d+$/ });
    this.cardName = this.slide.getByRole('heading', { level: 2 });
    this.previous = page.getByRole('button', { name: 'Previous contact' });
    this.next = page.getByRole('button', { name: 'Next contact' });
    this.sortBy = page.getByLabel('Sort by');
    this.edit = page.getByRole('button', { name: 'Edit', exact: true });
    this.doneEditing = page.getByRole('button', { name: 'Done', exact: true });
    this.emptyText = page.getByText('No contacts found.');
    this.invitations = page.getByRole('link', { name: /^Invitations/ });
    this.settingsMenu = page.getByRole('button', { name: 'Settings menu' });
    this.panelToggle = page.getByRole('button', { name: /^(Expand|Collapse) panel$/ });
    this.notes = page.getByLabel(/^Notes about /);
    this.activationOffer = page.getByRole('region', { name: 'Got a Tapnet card?' });
    this.activationPrompt = page.getByRole('dialog', { name: 'Activate your Tapnet card' });
    this.completeCardDialog = page.getByRole('dialog', { name: 'Complete Your Business Card' });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete contact?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/contacts');
  }

  /** Members without a card are offered to link one; journeys about contacts put that off. */
  async completeActivationLater(): Promise<void> {
    await this.activationOffer.getByRole('button', { name: 'Complete Later' }).click();
  }

  async openActivationPrompt(): Promise<void> {
    await this.activationOffer.getByRole('button', { name: 'Activate card' }).click();
  }

  slideLabelled(position: number, total: number): Locator {
    return this.carousel.getByRole('group', { name: `Contact ${position} of ${total}` });
  }

  flagButton(): Locator {
    return this.slide.getByRole('button', { name: /^(Flag|Unflag) / });
  }

  cardAction(name: 'Send Card' | 'Delete' | 'Hide Send Card' | 'Show Send Card'): Locator {
    return this.slide.getByRole('button', { name: new RegExp(`^${name}`) });
  }

  tab(name: 'Map' | 'Notes'): Locator {
    return this.page.getByRole('tab', { name });
  }

  async sortByMode(label: 'Most recent' | 'Name' | 'Company' | 'Flagged only'): Promise<void> {
    await this.sortBy.selectOption({ label });
  }

  toast(message: string | RegExp): Locator {
    return this.page.getByRole('status').or(this.page.getByRole('alert')).filter({ hasText: message });
  }
}
