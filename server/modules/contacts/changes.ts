// The contacts change feed (GET /api/contact?since=<cursor>): a client that holds the list at some
// version gets only what changed after it, so one flag changed on a long list costs one contact on the wire.
import type { Kysely } from 'kysely';
import type { ContactChanges } from '../../../contract/contacts';
import type { Database } from '../../platform/db/schema';
import { contactListTag, cursorVersion } from './list-etag';
import { findContactListVersion, findOldestCursor, listContactChangesSince, listContacts } from './queries';

/**
 * The changes after `since`, or the whole list when `since` is no cursor of this member's, ahead of the
 * server (a database restored from a backup) or older than the tombstones kept.
 */
export async function contactChanges(
  db: Kysely<Database>,
  userId: string,
  since: string,
): Promise<ContactChanges> {
  // Version first: a change landing after it is sent again next time, never missed.
  const version = await findContactListVersion(db, userId);
  const cursor = contactListTag(userId, version);
  const from = cursorVersion(userId, since);
  if (from !== null && from === version) return { cursor, isFullList: false, contacts: [], deleted: [] };
  if (from !== null && BigInt(from) < BigInt(version)) {
    const oldest = await findOldestCursor(db, userId);
    if (BigInt(from) >= BigInt(oldest)) {
      return { cursor, isFullList: false, ...(await listContactChangesSince(db, userId, from)) };
    }
  }
  return { cursor, isFullList: true, contacts: await listContacts(db, userId), deleted: [] };
}
