// What the contacts screen tells the member: spec §8 messages verbatim, and the offline refusals.
import { ApiError } from '../../api/client';
import { FailureMessages } from '../../sync/writes/failure-messages';

export const ContactMessages = {
  empty: 'No contacts found.',
  flagFailed: FailureMessages.flag,
  notesFailed: FailureMessages.notes,
  deleteFailed: FailureMessages.deleteContact,
  sendCardFailed: FailureMessages.sendCard,
  saveCardIdFailed: 'Failed to save card ID.',
  invalidCardId: 'Please enter a valid Card ID (as provided in email).',
  selectForLocation: 'Select a contact to view their location',
  noLocation: 'No location data available',
  selectForNotes: 'Select a contact to add notes',
} as const;

/**
 * Offline every change is kept on this device and sent when the app is back online (issue 24): the
 * member hears that it waits, never that it was lost.
 */
export const OfflineMessages = {
  flag: 'You are offline. The flag will be changed when you are back online.',
  notes: 'You are offline. Your notes are kept on this device and will be saved when you are back online.',
  delete: 'You are offline. The contact will be deleted when you are back online.',
  sendCard: 'You are offline. Your card will be sent when you are back online.',
  event: 'You are offline. The event will be saved when you are back online.',
} as const;

/** No answer came back: the change never reached the server, so it is treated like being offline. */
export function isNetworkFailure(error: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && error.status === undefined);
}

/** Send-card refusals that say when it works again: the server's words are shown as they are. */
export function sendCardFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return OfflineMessages.sendCard;
  const isLimit =
    error instanceof ApiError && (error.code === 'CARD_SENT_TODAY' || error.code === 'CARD_DAILY_LIMIT');
  return isLimit ? error.message : ContactMessages.sendCardFailed;
}
