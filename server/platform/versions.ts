// Conditional writes (contract/versions.ts): reads answer the value's ETag; a write with If-Match is
// checked against the value as it is inside the write's transaction, and refused with 412 and the
// current value when another device changed it meanwhile. Without If-Match a write is unconditional,
// as it was before versions existed, so older clients keep working.
import type { FastifyReply } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { matchesIfMatch, VersionMessages, versionTag } from '../../contract/versions';
import type { Database } from './db/schema';
import { HttpError } from './errors';

/** Answers `value` with its version. */
export function withVersion<T>(reply: FastifyReply, value: T): T {
  reply.header('ETag', versionTag(value));
  return value;
}

export interface VersionedWrite<T> {
  /** The resource as the matching read answers it, read inside the write's transaction. */
  read: (trx: Transaction<Database>) => Promise<T>;
  /** The change; the answer is `read` after it, so that its ETag is the one the next read answers. */
  write: (trx: Transaction<Database>) => Promise<unknown>;
}

/**
 * Runs `write` when `ifMatch` is absent or names the current version; the member's row is locked first,
 * so two writes of one member's resource cannot both pass the check on the same version.
 */
export async function writeIfMatch<T>(
  db: Kysely<Database>,
  reply: FastifyReply,
  { userId, ifMatch }: { userId: string; ifMatch: string | undefined },
  { read, write }: VersionedWrite<T>,
): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
    if (ifMatch !== undefined) {
      const current = await read(trx);
      if (!matchesIfMatch(ifMatch, versionTag(current))) {
        throw new HttpError('VERSION_CONFLICT', VersionMessages.conflict, { conflict: { current } });
      }
    }
    await write(trx);
    return read(trx);
  });
  return withVersion(reply, result);
}
