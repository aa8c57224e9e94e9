import type { Locator, Page } from '@playwright/test';

export class MapPage {
  readonly back: Locator;
  readonly map: Locator;
  readonly canvas: Locator;
  readonly empty: Locator;
  readonly unavailable: Locator;
  readonly fallbackNote: Locator;
  readonly zoomCapNote: Locator;
  readonly popup: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly when: Locator;
  readonly event: Locator;
  readonly noMatch: Locator;

  constructor(readonly page: Page) {
    this.back = page.getByRole('link', { name: 'Back' });
    this.map = page.getByRole('region', { name: /^Map of \d+ contacts?$/ });
    this.canvas = page.locator('canvas.maplibregl-canvas');
    this.empty = page.getByText('No location data available');
    this.unavailable = page.getByText('The map cannot be shown right now.');
    this.fallbackNote = page.getByRole('status').filter({ hasText: 'The street map cannot be reached' });
    this.zoomCapNote = page.getByRole('status').filter({ hasText: 'The simple world map shows no closer' });
    this.popup = page.locator('.maplibregl-popup');
    this.zoomIn = page.getByRole('button', { name: 'Zoom in' });
    this.zoomOut = page.getByRole('button', { name: 'Zoom out' });
    this.when = page.getByRole('combobox', { name: 'When' });
    this.event = page.getByRole('combobox', { name: 'Event' });
    this.noMatch = page.getByText('No one you met matches these filters.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/map');
  }

  marker(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${name}, Added `) });
  }

  /** One marker for several contacts met at one place; its name lists them all. */
  groupMarker(count: number): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${count} contacts here: `) });
  }

  /** maplibre has loaded its style and drawn the first frame (the map region stops being busy). */
  async waitForBasemap(): Promise<void> {
    await this.page.locator('section[aria-busy="false"]').and(this.map).waitFor();
  }
}
