// What the insights screens say (insights-and-operators.md §8), word for word.
import { FailureMessages } from '../../sync/writes/failure-messages';

export const INSIGHTS_MESSAGES = {
  loadFailed: 'Failed to load insights data',
  eventsLoadFailed: 'Failed to load events data',
  eventsRefreshFailed: 'Failed to refresh events',
  newsRefreshFailed: 'Failed to refresh news summaries',
  newsLoadFailed: 'Failed to generate new summaries',
  preferenceSaveFailed: FailureMessages.preference,
  preferencesSaveFailed: 'Failed to save preferences. Please try again.',
  detailFailed: 'Unable to load additional details at this time.',
  shareFailed: 'Unable to share or copy content',
  saved: 'Saved',
} as const;
