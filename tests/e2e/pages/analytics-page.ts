import type { Locator, Page } from '@playwright/test';

/** The three analytics screens: /insights/analytics, /insights/enhanced-analytics and /analytics. */
export class AnalyticsPage {
  readonly heading: Locator;
  readonly printReport: Locator;
  readonly enhancedAnalytics: Locator;
  readonly refresh: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly apply: Locator;
  readonly exportCsv: Locator;
  readonly exportType: Locator;
  readonly backToInsights: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.printReport = page.getByRole('button', { name: 'Print Report' });
    this.enhancedAnalytics = page.getByRole('button', { name: /Enhanced Analytics/ });
    this.refresh = page.getByRole('button', { name: 'Refresh' });
    this.startDate = page.getByLabel('Start date');
    this.endDate = page.getByLabel('End date');
    this.apply = page.getByRole('button', { name: 'Apply' });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV' });
    this.exportType = page.getByLabel('Table to export');
    this.backToInsights = page.getByRole('link', { name: 'Back to Insights' });
    this.empty = page.getByText('No analytics data available');
  }

  range(label: string): Locator {
    return this.page.getByRole('group', { name: /range/ }).getByRole('button', { name: label, exact: true });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The value shown on a figure's card. */
  figure(label: string): Locator {
    return this.page
      .locator('dl > div')
      .filter({ has: this.page.locator('dt').getByText(label, { exact: true }) })
      .locator('dd')
      .first();
  }

  /** A chart's figures, as screen readers and paper get them. */
  table(title: string): Locator {
    return this.page.getByRole('table', { name: title, exact: true });
  }

  /** The cells of each body row of a chart's table, once its figures have arrived. */
  async rows(title: string): Promise<string[][]> {
    // Each figure loads on its own: a table read before it is drawn would read as no rows.
    await this.table(title).waitFor({ state: 'attached' });
    return this.table(title)
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
      );
  }

  /** How far the page reaches past the screen's width: 0 unless something widens it. */
  async overflowWidth(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }

  alert(message: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: message });
  }
}
