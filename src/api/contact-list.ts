// The member's contact list fetched against the cache's etag (spec §7 Cards and contacts, §8 Session).
import { type Contact, ListContactsEndpoint } from '../../contract/contacts';
import { revalidateAsMember } from './client';

export type ContactListResult =
  | { status: 'unchanged' }
  | { status: 'changed'; contacts: Contact[]; etag: string | null };

/**
 * 304 means the list still matches `etag`; any other failure is thrown. The browser's HTTP cache is
 * bypassed: the Dexie cache is the one that decides what is fresh, with its own If-None-Match.
 */
export async function fetchContactList(etag: string | null): Promise<ContactListResult> {
  const answer = await revalidateAsMember(ListContactsEndpoint, etag, { cache: 'no-store' });
  if ('unchanged' in answer) return { status: 'unchanged' };
  return { status: 'changed', contacts: answer.value, etag: answer.headers.get('ETag') };
}
