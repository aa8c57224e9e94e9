// Completes the save a signed-out visitor asked for, once they are signed in (spec §4 Pending card save).
import { fetchPublicCard } from '../api/cards';
import { fetchAccount } from '../api/user';
import {
  clearPendingCardSave,
  type PendingCardSave,
  readPendingCardSave,
} from '../session/pending-card-save';
import { useSessionStore } from '../session/session-store';
import { showToast } from '../ui/toast-store';
import { saveContact } from './contact-saves';
import { describeSaveOutcome, SaveMessages } from './save-outcome-messages';

const AFTER_SAVE_PATH = '/contacts';

async function isOwnCard(save: PendingCardSave): Promise<boolean> {
  const accountId = (useSessionStore.getState().account ?? (await fetchAccount()))._id;
  const lookup = await fetchPublicCard(save.nfcUID);
  return lookup.kind === 'card' && lookup.card.userId === accountId;
}

let isRunning = false;

/** Runs once per sign-in; the stored save is cleared whatever happens, so it is never tried twice. */
export async function completePendingCardSave(navigate: (to: string) => void): Promise<void> {
  const pending = readPendingCardSave();
  if (pending.status === 'none' || isRunning) return;
  isRunning = true;
  clearPendingCardSave();
  try {
    if (pending.status === 'expired') {
      showToast('warning', SaveMessages.expired);
      return;
    }
    if (pending.status === 'invalid') return;
    const { timestamp: _, ...payload } = pending.save;
    const isOwn = await isOwnCard(pending.save).catch(() => false);
    const outcome = isOwn ? ({ kind: 'own-card' } as const) : await saveContact(payload);
    const { kind, message } = describeSaveOutcome(outcome);
    showToast(kind, message);
    navigate(AFTER_SAVE_PATH);
  } finally {
    isRunning = false;
  }
}
