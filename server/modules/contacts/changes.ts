// The contacts change feed (GET /api/contact?since=<cursor>): a client that holds the list at some
// version gets only what changed after it, so one flag changed on a long list costs one contact on the wire.
import type { Kysely } from 'kysely';
import type { ContactChanges } from '../../../contract/contacts';
import type { Database } from '../../platform/db/schema';
import { contactListTag, cursorVersion } from './list-etag';
import { findContactListVersion, findOldestCursor, listContactChangesSince } from './queries';

/**
 * The changes after `since`; undefined when the answer is the whole list: `since` is no cursor of this
 * member's, is ahead of the server (a database restored from a backup) or older than the tombstones
 * kept. The whole list then comes from the list memory (wholeListAsChanges), as a 200 without a
 * cursor gets it.
 */
export async function contactChanges(
  db: Kysely<Database>,
  userId: string,
  since: string,
): Promise<ContactChanges | undefined> {
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
  return undefined;
}

/** The feed's answer of the whole list, around the list's JSON as GET /api/contact sends it under `tag`. */
export function wholeListAsChanges(tag: string, list: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`{"cursor":${JSON.stringify(tag)},"isFullList":true,"contacts":`),
    list,
    Buffer.from(',"deleted":[]}'),
  ]);
}
