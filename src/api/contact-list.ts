// The member's contact list fetched against the cache's etag (spec §7 Cards and contacts, §8 Session):
// GET /api/contact with If-None-Match, so an unchanged list is a 304; with a cached list the same call
// carries the etag as `since` too, and a changed list answers only what changed after it (the change feed).
import { type Contact, ListContactsEndpoint } from '../../contract/contacts';
import { revalidateAsMember } from './client';

export type ContactListResult =
  | { status: 'unchanged' }
  | { status: 'changed'; contacts: Contact[]; etag: string | null }
  /** What changed after the etag sent: contacts to put in place, ids to drop, the list's new etag. */
  | { status: 'changes'; contacts: Contact[]; deleted: string[]; etag: string };

/**
 * The changes since `etag`, or the whole list when there is no etag or the server no longer knows it;
 * any failure is thrown. The browser's HTTP cache is bypassed: the Dexie cache decides what is fresh.
 */
export async function fetchContactList(etag: string | null): Promise<ContactListResult> {
  const answer = await revalidateAsMember(ListContactsEndpoint, etag, {
    cache: 'no-store',
    ...(etag === null ? {} : { query: { since: etag } }),
  });
  if ('unchanged' in answer) return { status: 'unchanged' };
  // The list itself when no `since` went out; the contract parsed either shape.
  if (Array.isArray(answer.value)) {
    return { status: 'changed', contacts: answer.value, etag: answer.headers.get('ETag') };
  }
  const { cursor, isFullList, contacts, deleted } = answer.value;
  if (isFullList) return { status: 'changed', contacts, etag: cursor };
  if (cursor === etag) return { status: 'unchanged' };
  return { status: 'changes', contacts, deleted, etag: cursor };
}
