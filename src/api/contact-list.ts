// The member's contact list fetched against the cache's etag (spec §7 Cards and contacts, §8 Session).
import { type Contact, ContactListSchema, ListContactsEndpoint } from '../../contract/contacts';
import { requestEndpoint } from './client';

export type ContactListResult =
  | { status: 'unchanged' }
  | { status: 'changed'; contacts: Contact[]; etag: string | null };

/**
 * 304 means the list still matches `etag`; any other failure is thrown. The browser's HTTP cache is
 * bypassed: the Dexie cache is the one that decides what is fresh, with its own If-None-Match.
 */
export async function fetchContactList(etag: string | null): Promise<ContactListResult> {
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
