// The spec's wording for the analytics screens (§8), in one place for the screens and their tests.
export const ANALYTICS_MESSAGES = {
  loadFailed: 'Failed to load analytics data',
  exportFailed: 'Failed to export data',
  empty: 'No analytics data available',
} as const;
