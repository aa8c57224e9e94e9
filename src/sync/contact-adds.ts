// Adding someone who has no card (issue 26 point 3): online it is posted and a match is answered for the
// member to choose; offline it is queued, and the queue merges a match (writes/contact-add.ts).
import type { AddSomeoneRequest } from '../../contract/add-someone';
import type { Contact } from '../../contract/contacts';
import { ApiError } from '../api/client';
import { addSomeone } from '../api/contacts';
import { readSignedInUserId } from '../session/signed-in-user';
import { applyChange } from './contacts-revalidation';
import { requestBackgroundSync } from './flush-triggers';
import { enqueueWrite, newIdempotencyKey } from './queue';
import { ContactAddWrite } from './writes/contact-add';

export type AddOutcome =
  | { kind: 'added'; contact: Contact }
  | { kind: 'merged'; contact: Contact }
  | { kind: 'matches'; match: Contact }
  | { kind: 'queued' }
  | { kind: 'failed'; message: string };

/**
 * Posts the add, or queues it when the network is down. A queued add cannot ask about a match, so an
 * `ask` becomes a `merge`, under a new key: should the first try have reached the server after all,
 * the replay finds that contact by its e-mail or phone and stores nothing twice. Without either, no
 * match is possible and the add is queued as it was tried, under the same key.
 */
export async function addSomeoneByHand(payload: AddSomeoneRequest): Promise<AddOutcome> {
  const idempotencyKey = newIdempotencyKey();
  if (!navigator.onLine) return queue(payload, idempotencyKey);
  try {
    const { answer, listTags } = await addSomeone(payload, idempotencyKey);
    if (answer.outcome === 'matches') return { kind: 'matches', match: answer.match };
    // Write-through: the list shows them as soon as the member lands on it.
    await applyChange({ type: 'upsert', contact: answer.contact, listTags });
    return { kind: answer.outcome, contact: answer.contact };
  } catch (error) {
    if (error instanceof ApiError && error.status === undefined) return queue(payload, idempotencyKey);
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

async function queue(payload: AddSomeoneRequest, triedKey: string): Promise<AddOutcome> {
  const ownerUserId = readSignedInUserId();
  if (!ownerUserId) return { kind: 'failed', message: 'You are not signed in.' };
  const canMatch = Boolean(payload.email?.trim() || payload.phone?.trim());
  const decided = (payload.onMatch ?? 'ask') === 'ask' && canMatch;
  try {
    await enqueueWrite(ContactAddWrite, decided ? { ...payload, onMatch: 'merge' } : payload, {
      ownerUserId,
      idempotencyKey: decided ? newIdempotencyKey() : triedKey,
    });
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  void requestBackgroundSync();
  return { kind: 'queued' };
}
