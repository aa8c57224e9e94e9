// The card a signed-out visitor asked to save, kept until they sign in (spec §3, §4).
import { StorageKeys } from './storage-keys';

/** Spec §9: a pending save older than this is dropped. */
export const PENDING_CARD_SAVE_VALIDITY_MS = 1_800_000;

function readTimestamp(raw: string): number | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'timestamp' in value) {
      return typeof value.timestamp === 'number' ? value.timestamp : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Removes a pending save that is unreadable or too old to honour. */
export function removeExpiredPendingCardSave(now = Date.now()): void {
  const raw = localStorage.getItem(StorageKeys.pendingCardSave);
  if (raw === null) return;
  const timestamp = readTimestamp(raw);
  if (timestamp === undefined || now - timestamp > PENDING_CARD_SAVE_VALIDITY_MS) {
    localStorage.removeItem(StorageKeys.pendingCardSave);
  }
}
