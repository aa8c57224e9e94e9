import type { Locator, Page } from '@playwright/test';

/** What every insights screen has: toasts and inline notices, found by their text. */
function message(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });
}

export class InsightPreferencesPage {
  readonly heading: Locator;
  readonly saved: Locator;
  readonly customInterests: Locator;
  readonly saveInterests: Locator;
  readonly useCurrentLocation: Locator;
  readonly country: Locator;
  readonly city: Locator;
  readonly viewInsights: Locator;
  readonly backToSettings: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Insight Preferences', level: 1 });
    this.saved = page.getByRole('status').filter({ hasText: /^Saved$/ });
    this.customInterests = page.getByLabel('Anything else you want to hear about');
    this.saveInterests = page.getByRole('button', { name: 'Save Interests' });
    this.useCurrentLocation = page.getByLabel('Use my current location');
    this.country = page.getByLabel('Country', { exact: true });
    this.city = page.getByLabel('City', { exact: true });
    this.viewInsights = page.getByRole('link', { name: 'View Insights' });
    this.backToSettings = page.getByRole('link', { name: 'Back to Settings' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/insight-preferences');
  }

  group(legend: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${legend}`) });
  }

  /** A chosen option's name starts with its check mark ("✓ Finance"). */
  option(legend: string, name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.group(legend).getByRole('checkbox', { name: new RegExp(`^(✓ )?${escaped}$`) });
  }

  message(text: string | RegExp): Locator {
    return message(this.page, text);
  }
}

export class InsightsDashboardPage {
  readonly heading: Locator;
  readonly analytics: Locator;
  readonly events: Locator;
  readonly news: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Insights', level: 1 });
    this.analytics = page.getByRole('region', { name: 'Analytics' });
    this.events = page.getByRole('region', { name: 'Events' });
    this.news = page.getByRole('region', { name: 'News' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/insights');
  }
}

/** /insights/events and /insights/news: a filter, Refresh and the items. */
export class DigestPage {
  readonly heading: Locator;
  readonly filter: Locator;
  readonly refresh: Locator;
  readonly items: Locator;
  readonly detail: Locator;

  constructor(
    readonly page: Page,
    readonly kind: 'events' | 'news',
  ) {
    this.heading = page.getByRole('heading', { name: kind === 'events' ? 'Events' : 'News', level: 1 });
    this.filter = page.getByLabel(kind === 'events' ? 'Category' : 'Topic');
    this.refresh = page.getByRole('button', { name: 'Refresh' });
    this.items = page.getByRole('list', { name: kind === 'events' ? 'Events' : 'News' }).getByRole('article');
    this.detail = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto(`/insights/${this.kind}`);
  }

  message(text: string | RegExp): Locator {
    return message(this.page, text);
  }
}
