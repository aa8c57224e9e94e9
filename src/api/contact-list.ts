// The member's contact list fetched against the cache's etag (spec §7 Cards and contacts, §8 Session):
// with a cached list, only what changed since its etag (the change feed); without, the whole list.
import {
  type Contact,
  ContactChangesSchema,
  ContactListSchema,
  ListContactChangesEndpoint,
  ListContactsEndpoint,
} from '../../contract/contacts';
import { requestEndpoint } from './client';

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
  const response = await requestEndpoint(ListContactChangesEndpoint, {
    searchParams: { since: etag },
    cache: 'no-store',
  });
  const changes = ContactChangesSchema.parse(await response.json());
  if (changes.isFullList) return { status: 'changed', contacts: changes.contacts, etag: changes.cursor };
  if (changes.cursor === etag) return { status: 'unchanged' };
  return { status: 'changes', contacts: changes.contacts, deleted: changes.deleted, etag: changes.cursor };
}

/** The whole list; a 304 to the etag sent means it still holds. */
async function fetchWholeList(etag: string | null = null): Promise<ContactListResult> {
  const response = await requestEndpoint(ListContactsEndpoint, {
    headers: etag ? { 'If-None-Match': etag } : {},
    cache: 'no-store',
    throwHttpErrors: (status) => status !== 304,
  });
  if (response.status === 304) return { status: 'unchanged' };
  return {
    status: 'changed',
    contacts: ContactListSchema.parse(await response.json()),
    etag: response.headers.get('ETag'),
  };
}
