// The member's contact list fetched against the cache's etag (spec §7 Cards and contacts, §8 Session):
// with a cached list, only what changed since its etag (the change feed); without, the whole list.
import { type Contact, ListContactChangesEndpoint, ListContactsEndpoint } from '../../contract/contacts';
import { callEndpoint, revalidateAsMember } from './client';

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
  if (etag === null) return fetchWholeList();
  const changes = await callEndpoint(ListContactChangesEndpoint, {
    query: { since: etag },
    cache: 'no-store',
  });
  if (changes.isFullList) return { status: 'changed', contacts: changes.contacts, etag: changes.cursor };
  if (changes.cursor === etag) return { status: 'unchanged' };
  return { status: 'changes', contacts: changes.contacts, deleted: changes.deleted, etag: changes.cursor };
}

/** The whole list (GET /api/contact keeps its ETag/304 for any client that asks with one). */
async function fetchWholeList(): Promise<ContactListResult> {
  const answer = await revalidateAsMember(ListContactsEndpoint, null, { cache: 'no-store' });
  if ('unchanged' in answer) return { status: 'unchanged' };
  return { status: 'changed', contacts: answer.value, etag: answer.headers.get('ETag') };
}
