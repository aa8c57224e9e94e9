// A member's whole contact list stored (migration 044), so that a process that remembers none, as after
// a start, splices what changed since into the stored copy instead of having the database build all of
// the list's JSON (issue 24: the whole 5,000-contact list ≤ 50 ms of server CPU; reading the copy back
// costs a tenth of building it). A copy stored by a release whose list reads otherwise is not read.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type BuiltList, PartError, wholeList, wholeListLines } from './list-splice';
import { contactListShape } from './queries';

/** The member's stored list, at the version it was stored at; none when there is none of this shape. */
export async function readStoredContactList(
  db: Kysely<Database>,
  userId: string,
): Promise<BuiltList | undefined> {
  const row = await db
    .selectFrom('contact_list_snapshots')
    .select(['json', 'index'])
    .select((eb) => eb.cast<string>('version', 'text').as('version'))
    .where('user_id', '=', userId)
    .where('shape', '=', contactListShape(db))
    .executeTakeFirst();
  if (!row) return undefined;
  const count = row.index === '' ? 0 : row.index.split(' ').length / 2;
  try {
    return wholeList({ ...row, oldestCursor: '0', count, deleted: [] });
  } catch (error) {
    // A copy whose lines and index disagree (altered by hand) is built whole, and so stored again.
    if (error instanceof PartError) return undefined;
    throw error;
  }
}

async function storeContactList(db: Kysely<Database>, userId: string, list: BuiltList): Promise<void> {
  const stored = { version: list.version, shape: contactListShape(db), ...wholeListLines(list) };
  await db
    .insertInto('contact_list_snapshots')
    .values({ user_id: userId, ...stored })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(stored))
    .execute();
}

/**
 * Stores the list after the answer has gone out (embedded PGlite runs its queries on this thread). Any
 * copy is right at its version, so whichever of two processes stores last leaves a usable one. A member
 * deleted meanwhile leaves none: the foreign key refuses it.
 */
export function storeContactListLater(
  db: Kysely<Database>,
  userId: string,
  list: BuiltList,
  log: FastifyBaseLogger,
): void {
  setImmediate(() =>
    storeContactList(db, userId, list).catch((error: unknown) =>
      log.warn({ err: error }, 'a contact list could not be stored; the next start builds it whole'),
    ),
  );
}
