// Saving a card as a contact (spec §4 Save-contact flow): online it is posted, offline it is queued.
import type { CreateContactRequest } from '../../contract/contacts';
import { ApiError } from '../api/client';
import { createContact } from '../api/contacts';
import { readAccessToken } from '../session/token-store';
import { readTokenSubject } from '../session/tokens';
import { applyChange } from './contacts-revalidation';
import { requestBackgroundSync } from './flush-triggers';
import { enqueueWrite, newIdempotencyKey } from './queue';
import { ContactSaveWrite } from './writes/contact-save';

export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'queued' }
  | { kind: 'exists' }
  | { kind: 'own-card' }
  | { kind: 'failed'; message: string }
  | { kind: 'unexpected' };

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
    await enqueueWrite(ContactSaveWrite, payload, { ownerUserId, idempotencyKey });
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  void requestBackgroundSync();
  return { kind: 'queued' };
}
