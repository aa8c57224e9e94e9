import { expect, type Locator, type Page } from '@playwright/test';

/** Spec §8's toast for a save made with no network. */
export const QUEUED_SAVE_MESSAGE =
  'Saved on this phone — it will be added to your contacts when you are back online';

export class ContactsPage {
  readonly heading: Locator;
  /** The list the screen opens on (issue 27), beside the contact shown on wide screens. */
  readonly list: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  /** "3 contacts", or "1 of 3 contacts" while a search or filter narrows the list. */
  readonly count: Locator;
  /** On phones, from the contact opened back to the list. */
  readonly backToList: Locator;
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
    this.list = page.getByRole('listbox', { name: 'Contact list' });
    this.rows = this.list.getByRole('option');
    this.search = page.getByRole('searchbox', { name: 'Search contacts' });
    this.count = page.getByText(/^(\d+ of )?\d+ contacts?$/);
    this.backToList = page.getByRole('button', { name: 'All contacts' });
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

  /** A contact's row in the list, found by a name it shows. */
  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  /** Opens a contact from the list (on phones the list gives way to it). */
  async openContact(name: string): Promise<void> {
    await this.row(name).click();
    await this.page.waitForURL(/[?&]contact=/);
  }

  /** Opens the contact at the top of the list. */
  async openFirst(): Promise<void> {
    await this.rows.first().click();
    await this.page.waitForURL(/[?&]contact=/);
  }

  /** On a phone, from the contact opened back to the list; wide screens show both, so nothing to do. */
  async returnToList(): Promise<void> {
    if (await this.backToList.isVisible()) await this.backToList.click();
    await this.list.or(this.emptyText).waitFor();
  }

  filter(name: 'Flagged' | 'This week' | 'Has notes'): Locator {
    return this.page.getByRole('group', { name: 'Filters' }).getByRole('button', { name });
  }

  /** A click on the page outside the cards and the list (it ends edit mode). */
  async clickOutsideCards(): Promise<void> {
    const header = await this.page.locator('main > header').boundingBox();
    if (!header) throw new Error('The app header is not on screen');
    await this.page.mouse.click(header.x + header.width / 2, header.y + header.height / 2);
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

  /** After one save made with no network: the member is told it waits, on the list that shows it waiting. */
  async expectOneSaveWaiting(): Promise<void> {
    await expect(this.toast(QUEUED_SAVE_MESSAGE).first()).toBeVisible();
    await expect(this.page).toHaveURL(/\/contacts$/);
    await expect(this.page.getByText('1 save waiting to sync')).toBeVisible();
  }
}
