// Saving a card as a contact (spec §4 Save-contact flow): online it is posted, offline it is queued.
import type { CreateContactRequest } from '../../contract/contacts';
import { ApiError } from '../api/client';
import { createContact } from '../api/contacts';
import { readAccessToken } from '../session/token-store';
import { readTokenSubject } from '../session/tokens';
import { applyChange } from './contacts-revalidation';
import { OUTBOX_SYNC_TAG, queueContactSave } from './outbox';

export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'queued' }
  | { kind: 'exists' }
  | { kind: 'own-card' }
  | { kind: 'failed'; message: string }
  | { kind: 'unexpected' };

/** The server's Idempotency-Key alphabet is [A-Za-z0-9_-]; a UUID without dashes fits it. */
function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Posts the save, or queues it when the network is down. The key is made before the first attempt,
 * so a request that reached the server but lost its answer is not stored again when replayed.
 */
export async function saveContact(payload: CreateContactRequest): Promise<SaveOutcome> {
  const idempotencyKey = newIdempotencyKey();
  if (!navigator.onLine) return queue(payload, idempotencyKey);
  try {
    const { answer, listTags } = await createContact(payload, idempotencyKey);
    // Write-through: the list shows the contact as soon as the member lands on it.
    await applyChange({ type: 'upsert', contact: answer.contact, listTags });
    return { kind: 'saved' };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'unexpected' };
    if (error.status === undefined) return queue(payload, idempotencyKey);
    if (error.code === 'CONTACT_EXISTS') return { kind: 'exists' };
    if (error.code === 'OWN_CARD') return { kind: 'own-card' };
    return { kind: 'failed', message: error.message };
  }
}

async function queue(payload: CreateContactRequest, idempotencyKey: string): Promise<SaveOutcome> {
  const ownerUserId = readTokenSubject(readAccessToken());
  if (!ownerUserId) return { kind: 'failed', message: 'You are not signed in.' };
  try {
    await queueContactSave(payload, idempotencyKey, ownerUserId);
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  void requestBackgroundSync();
  return { kind: 'queued' };
}

/**
 * Asks the service worker to replay once the network is back, even if the tab is closed by then.
 * Without Background Sync (or without a service worker) the page's own triggers replay instead.
 * Returns whether the sync was registered.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return false;
  const registration = await navigator.serviceWorker.ready;
  if (!('sync' in registration)) return false;
  return (registration.sync as SyncManagerLike).register(OUTBOX_SYNC_TAG).then(
    () => true,
    () => false,
  );
}

/** Background Sync is not in TypeScript's DOM library yet. */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
