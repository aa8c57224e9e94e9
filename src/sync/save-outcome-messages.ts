// What the user is told after saving a card (spec §8 Card saving), shared by the public page and the
// pending save that completes after sign-in. The data layer only words it; the screen or app shows it.
import type { SaveOutcome } from './contact-saves';

/** How serious a notice is; the app shows each kind as a toast of the same name. */
export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export interface Notice {
  kind: NoticeKind;
  message: string;
}

export const SaveMessages = {
  saved: 'Contact saved successfully!',
  exists: 'This contact is already saved in your contacts.',
  ownCard: 'Cannot save your own business card.',
  expired: 'Card save request expired. Please tap the card again to save.',
  unexpected: 'Contact save attempted, but unexpected response.',
  queued: 'Saved on this phone — it will be added to your contacts when you are back online',
  failed: (error: string) => `Failed to save contact: ${error}`,
} as const;

export function describeSaveOutcome(outcome: SaveOutcome): Notice {
  switch (outcome.kind) {
    case 'saved':
      return { kind: 'success', message: SaveMessages.saved };
    case 'queued':
      return { kind: 'info', message: SaveMessages.queued };
    case 'exists':
      return { kind: 'info', message: SaveMessages.exists };
    case 'own-card':
      return { kind: 'error', message: SaveMessages.ownCard };
    case 'unexpected':
      return { kind: 'warning', message: SaveMessages.unexpected };
    case 'failed':
      return { kind: 'error', message: SaveMessages.failed(outcome.message) };
  }
}
