// The one durable queue of member writes made offline or not yet confirmed (DESIGN.md §4 Offline
// writes): `enqueueWrite` keeps a write in Dexie, `flushWrites` sends the waiting ones in order under one
// Web Lock, from the page or the service worker alike, so it uses no DOM, no React and no localStorage.
// Each write carries its own Idempotency-Key; a write leaves the queue only once the server took it,
// already had it, or refused it for good (then the member gets a notice saying what was not saved).

import { IDEMPOTENCY_KEY_HEADER } from '../../contract/contacts';
import { ErrorAnswerSchema } from '../../contract/errors';
import { REPLAY_HEADER, REPLAY_HEADER_VALUE } from '../../contract/sessions';
import { type Route, send } from '../api/transport';
import { readAuthMirror } from '../db/auth-mirror';
import { db, keepParsed, type PendingWrite, PendingWriteSchema } from '../db/tapnet-db';
import { refreshTokens } from '../session/token-refresh';
import { mirrorTokenStore } from '../session/token-store';
import { findWriteKind } from './writes';
import type { NoticeText, WriteAnswer, WriteConflict, WriteKind, WriteRequest } from './writes/write-kind';

/** One name for the Background Sync tag, the Web Lock and the BroadcastChannel of the queue. */
export const QUEUE_SYNC_TAG = 'tapnet-outbox';
export const QUEUE_LOCK_NAME = 'tapnet-outbox';
export const QUEUE_CHANNEL_NAME = 'tapnet-outbox';

/** A write that hangs this long is treated as offline and tried again later. */
export const SEND_TIMEOUT_MS = 15_000;
/** A write merged after a 412 is sent again at once; one that keeps conflicting waits for the next flush. */
const MAX_CONFLICTS_PER_FLUSH = 3;

/** The server's Idempotency-Key alphabet is [A-Za-z0-9_-]; a UUID without dashes fits it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Keeps `payload` as a write of `kind` for `ownerUserId` and answers its id. A kind with a coalesce key
 * replaces the write of the same thing still waiting (merged by its `coalesce`), with a new key, since
 * the request changed.
 */
export async function enqueueWrite<P>(
  kind: WriteKind<P>,
  payload: P,
  { ownerUserId, idempotencyKey = newIdempotencyKey(), now = Date.now() }: EnqueueOptions,
): Promise<number> {
  const checked = kind.payload.parse(payload);
  const coalesceKey = kind.coalesceKey ? `${kind.kind}:${kind.coalesceKey(checked)}` : null;
  return db.transaction('rw', db.pendingWrites, async () => {
    const waiting =
      coalesceKey === null ? undefined : await db.pendingWrites.where({ ownerUserId, coalesceKey }).first();
    const earlier = waiting && kind.payload.safeParse(waiting.payload);
    if (waiting && earlier?.success) {
      await db.pendingWrites.update(waiting.id, {
        payload: kind.coalesce ? kind.coalesce(earlier.data, checked) : checked,
        idempotencyKey,
        queuedAt: now,
      });
      return waiting.id;
    }
    return db.pendingWrites.add({
      ownerUserId,
      kind: kind.kind,
      coalesceKey,
      payload: checked,
      idempotencyKey,
      queuedAt: now,
      attempts: 0,
      lastError: null,
    });
  });
}

export interface EnqueueOptions {
  ownerUserId: string;
  /** A write tried online first keeps the key of that try, so a lost answer does not store it twice. */
  idempotencyKey?: string;
  now?: number;
}

/** `sent`: the server took it (or had it already); `waiting`: still queued; `refused`: refused for good. */
export type WriteOutcome = 'sent' | 'waiting' | 'refused';

/** What became of the queued write `writeId` (enqueueWrite's answer) so far. */
export async function writeOutcome(ownerUserId: string, writeId: number): Promise<WriteOutcome> {
  if (await db.pendingWrites.get(writeId)) return 'waiting';
  const notices = await db.writeNotices.where('ownerUserId').equals(ownerUserId).toArray();
  return notices.some((notice) => notice.writeId === writeId && notice.type === 'refused')
    ? 'refused'
    : 'sent';
}

/** The member's waiting writes in queue order; rows that no longer parse cannot be sent and are dropped. */
export async function readPendingWrites(ownerUserId: string): Promise<PendingWrite[]> {
  const rows = await db.pendingWrites.where('ownerUserId').equals(ownerUserId).sortBy('id');
  const { valid, invalid } = keepParsed(PendingWriteSchema, rows);
  if (invalid.length > 0)
    await db.pendingWrites.bulkDelete(rows.filter((row) => invalid.includes(row)).map((row) => row.id));
  return valid;
}

type SendOutcome =
  | { kind: 'done'; answer: WriteAnswer | null }
  | { kind: 'conflict'; conflict: WriteConflict }
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized' }
  | { kind: 'retry-later'; reason: string };

/** The queue's writes are checked by their kinds, so the transport passes the body on as it is. */
const asIs = (body: unknown) => body;

async function sendWrite<P>(
  kind: WriteKind<P>,
  { endpoint, params, body, headers }: WriteRequest,
  row: PendingWrite,
  accessToken: string,
): Promise<SendOutcome> {
  // As a plain route: the kind built the body and parameters from its own checked payload.
  const route: Route = { method: endpoint.method, path: endpoint.path };
  const outcome = await send(route, {
    params: params as never,
    json: body,
    token: accessToken,
    timeoutMs: SEND_TIMEOUT_MS,
    headers: {
      [IDEMPOTENCY_KEY_HEADER]: row.idempotencyKey,
      // Not the member's activity (it may run with the app closed), and a write made offline.
      [REPLAY_HEADER]: REPLAY_HEADER_VALUE,
      ...headers,
    },
    parse: asIs,
  });
  if (outcome.ok) return { kind: 'done', answer: { body: outcome.value, headers: outcome.headers } };
  const { failure } = outcome;
  if (failure.kind === 'unreachable') return { kind: 'retry-later', reason: failure.message };
  if (failure.kind === 'unreadable') return { kind: 'done', answer: null };
  if (failure.status === 401) return { kind: 'unauthorized' };
  if (kind.isDone?.(failure.code)) return { kind: 'done', answer: null };
  // Rate limits and server trouble pass; the same key makes the next attempt safe.
  if (failure.status === 429 || failure.status >= 500) {
    return { kind: 'retry-later', reason: `HTTP ${failure.status}` };
  }
  const answer = ErrorAnswerSchema.safeParse(parseJson(failure.body));
  if (failure.code === 'VERSION_CONFLICT' && answer.success) {
    const { current, changedAt = null } = answer.data;
    return { kind: 'conflict', conflict: { current, changedAt } };
  }
  // A validation refusal says which fields in `errors`: the member needs those to put it right.
  const details = answer.success ? (answer.data.errors ?? []) : [];
  const reason = failure.error ?? `HTTP ${failure.status}`;
  return { kind: 'refused', message: details.length > 0 ? `${reason}: ${details.join(', ')}` : reason };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Both the page and the service worker flush; the lock keeps them from sending the same write twice. */
async function withQueueLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(QUEUE_LOCK_NAME, work);
  }
  const previous = inProcessLock;
  const run = previous.then(work, work);
  inProcessLock = run.catch(() => undefined);
  return run;
}
let inProcessLock: Promise<unknown> = Promise.resolve();

export interface FlushResult {
  sent: number;
  refused: number;
  conflicts: number;
  remaining: number;
}

async function addNotice(
  row: PendingWrite,
  type: 'refused' | 'replaced',
  { message, keptText, announcement }: NoticeText,
): Promise<void> {
  await db.writeNotices.add({
    ownerUserId: row.ownerUserId,
    kind: row.kind,
    type,
    at: Date.now(),
    message,
    keptText,
    announcement: announcement ?? null,
    writeId: row.id,
  });
}

/**
 * Sends the signed-in member's waiting writes in order with the freshest mirrored token. A 401 is
 * answered by one refresh (the session's shared one, into the mirrored pair) and one retry; offline, a
 * timeout, a 429 or a 5xx stops the flush and keeps the rest, in order, for the next one.
 */
export function flushWrites(): Promise<FlushResult> {
  return withQueueLock(async () => {
    const result: FlushResult = { sent: 0, refused: 0, conflicts: 0, remaining: 0 };
    const mirror = await readAuthMirror();
    if (!mirror) return result;
    let { accessToken } = mirror;
    let hasRefreshed = false;
    const conflictsOf = new Map<number, number>();
    for (;;) {
      const [row] = await readPendingWrites(mirror.userId);
      if (!row) break;
      const kind = findWriteKind(row.kind);
      const payload = kind?.payload.safeParse(row.payload);
      if (!kind || !payload?.success) {
        // Written by another version of the app: it cannot be sent as it is, and must not block the rest.
        await db.pendingWrites.delete(row.id);
        await addNotice(row, 'refused', {
          message: `A change could not be sent (${row.kind}).`,
          keptText: null,
        });
        result.refused += 1;
        continue;
      }
      const context = { ownerUserId: row.ownerUserId, queuedAt: row.queuedAt };
      const request = kind.request(payload.data);
      let outcome = await sendWrite(kind, request, row, accessToken);
      if (outcome.kind === 'unauthorized' && !hasRefreshed) {
        hasRefreshed = true;
        // A refusal leaves the writes queued for the member's next session; the page ends this one itself.
        const refresh = await refreshTokens(mirrorTokenStore, accessToken);
        if (refresh.kind === 'refreshed') {
          accessToken = refresh.accessToken;
          outcome = await sendWrite(kind, request, row, accessToken);
        }
      }
      if (outcome.kind === 'done') {
        await settle(kind, row, payload.data, outcome.answer);
        result.sent += 1;
      } else if (outcome.kind === 'conflict' && kind.resolve) {
        result.conflicts += 1;
        const conflicts = (conflictsOf.get(row.id) ?? 0) + 1;
        conflictsOf.set(row.id, conflicts);
        const resolution = await kind.resolve(context, payload.data, outcome.conflict);
        if (resolution.notice) await addNotice(row, 'replaced', resolution.notice);
        await db.transaction('rw', db.pendingWrites, async () => {
          const latest = await db.pendingWrites.get(row.id);
          // The member changed it again meanwhile: their newer text is sent next, against the new base.
          if (latest && latest.idempotencyKey !== row.idempotencyKey) return;
          if (resolution.payload === null) await db.pendingWrites.delete(row.id);
          else
            await db.pendingWrites.update(row.id, {
              payload: resolution.payload,
              idempotencyKey: newIdempotencyKey(),
            });
        });
        if (conflicts >= MAX_CONFLICTS_PER_FLUSH) break;
      } else if (outcome.kind === 'refused' || outcome.kind === 'conflict') {
        const message = outcome.kind === 'refused' ? outcome.message : 'Changed on another device meanwhile.';
        await db.pendingWrites.delete(row.id);
        await addNotice(row, 'refused', kind.refused(payload.data, message));
        result.refused += 1;
      } else {
        // Signed out on the server or offline: the write waits for the member's next session or network.
        const reason = outcome.kind === 'unauthorized' ? 'HTTP 401' : outcome.reason;
        await db.pendingWrites.update(row.id, { attempts: row.attempts + 1, lastError: reason });
        break;
      }
    }
    result.remaining = await db.pendingWrites.where('ownerUserId').equals(mirror.userId).count();
    if (result.sent + result.refused + result.conflicts > 0) announceFlush();
    return result;
  });
}

/**
 * The server took the write: it leaves the queue unless the member changed the same thing again while
 * it was on the way, in which case the newer payload stays, based on this answer, and goes next.
 */
async function settle<P>(
  kind: WriteKind<P>,
  row: PendingWrite,
  payload: P,
  answer: WriteAnswer | null,
): Promise<void> {
  // The cache first: a screen that stops showing the write as waiting then already shows the answer.
  if (answer) {
    // A cache that cannot be written is not worth losing the write over: the next revalidation mends it.
    await kind
      .applied({ ownerUserId: row.ownerUserId, queuedAt: row.queuedAt }, payload, answer)
      .catch((error: unknown) => console.warn('Pending writes: cache update failed', error));
    const notice = kind.settledNotice?.(payload, answer);
    if (notice) await addNotice(row, 'replaced', notice);
  }
  await db.transaction('rw', db.pendingWrites, async () => {
    const latest = await db.pendingWrites.get(row.id);
    if (!latest) return;
    if (latest.idempotencyKey === row.idempotencyKey) {
      await db.pendingWrites.delete(row.id);
      return;
    }
    const waiting = kind.payload.safeParse(latest.payload);
    if (answer && waiting.success && kind.rebase) {
      await db.pendingWrites.update(row.id, { payload: kind.rebase(waiting.data, answer) });
    }
  });
}

/** Tells the app's tabs that a flush ran (and may have refreshed the tokens); the signal is all they need. */
function announceFlush(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL_NAME);
  channel.postMessage('flushed');
  channel.close();
}
