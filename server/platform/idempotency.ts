// Requests made with an Idempotency-Key run once per member and key; every replay gets the first answer.
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ERROR_STATUS, type ErrorResponse } from '../../contract/errors';
import type { Database } from './db/schema';
import { HttpError } from './errors';
import { DAY_MS } from './time';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
  /** Sent with the first answer only: a replay gets the stored status and body. */
  headers?: Record<string, string>;
}

/** The same JSON whatever the order of its keys, so a replay built anew still matches. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * Runs `handle` in a transaction that first claims the key. A concurrent replay blocks on the key's
 * row until the first commits, then reads its answer. Expected failures (HttpError) are answers too
 * and are kept; anything else rolls back, releasing the key so a retry can succeed.
 * `handle` must not let a SQL statement fail (use ON CONFLICT), as that would abort the transaction.
 * A key is tied to its first `request` (IETF Idempotency-Key draft): the same key with another request
 * is answered 422, never with the first request's answer.
 */
export async function runOnce(
  db: Kysely<Database>,
  scope: { userId: string; key: string | undefined; request: unknown },
  handle: (trx: Transaction<Database>) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  return db.transaction().execute(async (trx) => {
    const { userId, key } = scope;
    const hash = requestHash(scope.request);
    if (key !== undefined) {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, status_code: null, response_body: null, request_hash: hash })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return storedResponse(trx, userId, key, hash);
    }
    const response = await handle(trx).catch((error: unknown) => {
      if (error instanceof HttpError)
        return { statusCode: error.statusCode, body: { error: error.message, code: error.code } };
      throw error;
    });
    if (key !== undefined) {
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: response.statusCode, response_body: JSON.stringify(response.body) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    }
    return response;
  });
}

async function storedResponse(
  trx: Transaction<Database>,
  userId: string,
  key: string,
  hash: string,
): Promise<StoredResponse> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['status_code', 'response_body', 'request_hash'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  // Keys stored before requests were hashed (NULL) replay as they always did.
  if (row.request_hash !== null && row.request_hash !== hash) {
    const answer: ErrorResponse = {
      error: 'This Idempotency-Key was already used for a different request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    };
    return { statusCode: ERROR_STATUS.IDEMPOTENCY_KEY_REUSED, body: answer };
  }
  if (row.status_code === null)
    throw new HttpError('REQUEST_IN_PROGRESS', 'This request is still being processed.');
  return { statusCode: row.status_code, body: row.response_body };
}

/**
 * How long an answer is kept for replays. An offline save waits in the browser until it is online
 * again, which can be days; after this, a replay of a save finds the contact itself and is answered
 * 'Contact already exists', which the outbox also treats as done.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 30 * DAY_MS;

/** Deletes answers older than the retention; returns how many went. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_KEY_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
