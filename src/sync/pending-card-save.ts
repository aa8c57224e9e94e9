// Completes the save a signed-out visitor asked for, once they are signed in (spec §4 Pending card save).
import { fetchPublicCard } from '../api/cards';
import { fetchAccount } from '../api/user';
import {
  clearPendingCardSave,
  type PendingCardSave,
  readPendingCardSave,
} from '../session/pending-card-save';
import { useSessionStore } from '../session/session-store';
import { saveContact } from './contact-saves';
import { describeSaveOutcome, type Notice, SaveMessages } from './save-outcome-messages';

const AFTER_SAVE_PATH = '/contacts';

async function isOwnCard(save: PendingCardSave): Promise<boolean> {
  const accountId = (useSessionStore.getState().account ?? (await fetchAccount()))._id;
  const lookup = await fetchPublicCard(save.nfcUID);
  return lookup.kind === 'card' && lookup.card.userId === accountId;
}

let isRunning = false;

/** What to tell the member, and where to send them next (null: stay). */
export interface PendingSaveResult {
  notice: Notice;
  next: string | null;
}

/**
 * Runs once per sign-in; the stored save is cleared whatever happens, so it is never tried twice. Null
 * when there was nothing to complete.
 */
export async function completePendingCardSave(): Promise<PendingSaveResult | null> {
  const pending = readPendingCardSave();
  if (pending.status === 'none' || isRunning) return null;
  isRunning = true;
  clearPendingCardSave();
  try {
    if (pending.status === 'expired') {
      return { notice: { kind: 'warning', message: SaveMessages.expired }, next: null };
    }
    if (pending.status === 'invalid') return null;
    const { timestamp: _, ...payload } = pending.save;
    const isOwn = await isOwnCard(pending.save).catch(() => false);
    const outcome = isOwn ? ({ kind: 'own-card' } as const) : await saveContact(payload);
    return { notice: describeSaveOutcome(outcome), next: AFTER_SAVE_PATH };
  } finally {
    isRunning = false;
  }
}
