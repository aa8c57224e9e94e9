// Offline contact saves (DESIGN.md §4 Offline saves): queueing them and replaying them, one shared
// implementation for the page and the service worker, so it uses no DOM, no React and no localStorage.
import {
  CreateContactEndpoint,
  type CreateContactRequest,
  CreateContactRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  readContactListTags,
} from '../../contract/contacts';
import { REPLAY_HEADER, REPLAY_HEADER_VALUE } from '../../contract/sessions';
import { refusalText, send } from '../api/transport';
import { readAuthMirror } from '../db/auth-mirror';
import { type ContactChange, mergeContactChange } from '../db/contacts-cache';
import { db, keepParsed, type OutboxEntry, OutboxEntrySchema } from '../db/tapnet-db';
import { refreshTokens } from '../session/token-refresh';
import { mirrorTokenStore } from '../session/token-store';

/** One name for the Background Sync tag, the Web Lock and the BroadcastChannel of the outbox. */
export const OUTBOX_SYNC_TAG = 'tapnet-outbox';
export const OUTBOX_LOCK_NAME = 'tapnet-outbox';
export const OUTBOX_CHANNEL_NAME = 'tapnet-outbox';

/** A replayed save that hangs this long is treated as offline and tried again later. */
export const REPLAY_TIMEOUT_MS = 15_000;

export async function queueContactSave(
  payload: CreateContactRequest,
  idempotencyKey: string,
  ownerUserId: string,
): Promise<void> {
  await db.outbox.add({
    payload: CreateContactRequestSchema.parse(payload),
    queuedAt: Date.now(),
    idempotencyKey,
    ownerUserId,
    attempts: 0,
    lastError: null,
  });
}

/** In queue order; rows that no longer parse cannot be replayed and are dropped. */
export async function readOutbox(ownerUserId: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('ownerUserId').equals(ownerUserId).sortBy('id');
  const { valid, invalid } = keepParsed(OutboxEntrySchema, rows);
  if (invalid.length > 0)
    await db.outbox.bulkDelete(rows.filter((row) => invalid.includes(row)).map((row) => row.id));
  return valid;
}

type ReplayResult =
  | { kind: 'done'; change: ContactChange | null }
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'retry-later'; reason: string };

async function postSave(entry: OutboxEntry, accessToken: string): Promise<ReplayResult> {
  const outcome = await send(CreateContactEndpoint, {
    json: entry.payload,
    token: accessToken,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey,
      // Not the member's activity (it may run with the app closed), and a save made offline.
      [REPLAY_HEADER]: REPLAY_HEADER_VALUE,
    },
    timeoutMs: REPLAY_TIMEOUT_MS,
  });
  if (outcome.ok) {
    const { value, headers } = outcome;
    return {
      kind: 'done',
      change: { type: 'upsert', contact: value.contact, listTags: readContactListTags(headers) },
    };
  }
  const { failure } = outcome;
  if (failure.kind === 'unreachable') return { kind: 'retry-later', reason: failure.message };
  // Saved, but the answer does not carry the contact: the next revalidation brings it.
  if (failure.kind === 'unreadable') return { kind: 'done', change: null };
  if (failure.status === 401) return { kind: 'unauthorized' };
  // Rate limits and server trouble pass; the same key makes the next attempt safe.
  if (failure.status === 429 || failure.status >= 500) {
    return { kind: 'retry-later', reason: `HTTP ${failure.status}` };
  }
  // The card is already among the contacts: the save has nothing left to do.
  if (failure.code === 'CONTACT_EXISTS') return { kind: 'done', change: null };
  return { kind: 'refused', message: refusalText(failure) };
}

/** Both the page and the service worker flush; the lock keeps them from sending the same save twice. */
async function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(OUTBOX_LOCK_NAME, work);
  }
  const previous = inProcessLock;
  const run = previous.then(work, work);
  inProcessLock = run.catch(() => undefined);
  return run;
}
let inProcessLock: Promise<unknown> = Promise.resolve();

export interface FlushResult {
  saved: number;
  failed: number;
  remaining: number;
}

/**
 * Replays the signed-in member's queued saves in order with the freshest mirrored token. A save the
 * server took (or already had) or refused for good leaves the queue, a refusal as a failed save to
 * tell the member about; a 401 is answered by one refresh (the session's shared one, into the mirrored
 * pair) and one retry; offline, a timeout or a 5xx stops the flush and keeps the rest for the next one.
 */
export function flushOutbox(): Promise<FlushResult> {
  return withOutboxLock(async () => {
    const mirror = await readAuthMirror();
    if (!mirror) return { saved: 0, failed: 0, remaining: 0 };
    let { accessToken } = mirror;
    const entries = await readOutbox(mirror.userId);
    const result: FlushResult = { saved: 0, failed: 0, remaining: entries.length };
    let hasRefreshed = false;
    for (const entry of entries) {
      let outcome = await postSave(entry, accessToken);
      if (outcome.kind === 'unauthorized' && !hasRefreshed) {
        hasRefreshed = true;
        // A refusal leaves the saves queued for the member's next session; the page ends this one on its
        // own next call.
        const refresh = await refreshTokens(mirrorTokenStore, accessToken);
        if (refresh.kind === 'refreshed') {
          accessToken = refresh.accessToken;
          outcome = await postSave(entry, accessToken);
        }
      }
      if (outcome.kind === 'done') {
        await db.outbox.delete(entry.id);
        // Only the mirrored member's saves are replayed, and a session that ended has no cache to merge into.
        if (outcome.change)
          await mergeContactChange(entry.ownerUserId, outcome.change, { isOwnerCurrent: () => true }).catch(
            (error: unknown) => console.warn('Contacts cache: merge failed', error),
          );
        result.saved += 1;
      } else if (outcome.kind === 'refused') {
        await db.transaction('rw', db.outbox, db.failedSaves, async () => {
          await db.outbox.delete(entry.id);
          await db.failedSaves.add({
            ownerUserId: entry.ownerUserId,
            nfcUID: entry.payload.nfcUID,
            name: entry.payload.name ?? null,
            message: outcome.message,
            failedAt: Date.now(),
          });
        });
        result.failed += 1;
      } else {
        // Signed out on the server or offline: the save waits for the member's next session or network.
        const reason = outcome.kind === 'unauthorized' ? 'HTTP 401' : outcome.reason;
        await db.outbox.update(entry.id, { attempts: entry.attempts + 1, lastError: reason });
        break;
      }
      result.remaining -= 1;
    }
    if (result.saved + result.failed > 0) announceFlush();
    return result;
  });
}

/** Tells the app's tabs that a replay ran (and may have refreshed the tokens); the signal is all they need. */
function announceFlush(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL_NAME);
  channel.postMessage('flushed');
  channel.close();
}
