// A write to a member's contact list answers with the list's tag from just before and just after it, so a
// client whose cache was at the first adopts the second instead of downloading the whole list again.
import type { FastifyReply } from 'fastify';
import type { Transaction } from 'kysely';
import { CONTACT_LIST_ETAG_HEADER, CONTACT_LIST_PREVIOUS_ETAG_HEADER } from '../../../contract/contacts';
import type { Database } from '../../platform/db/schema';
import { contactListTag } from './list-etag';
import { findContactListVersion, lockContactListVersion } from './queries';

export interface ContactListTags {
  previous: string;
  current: string;
}

/**
 * Runs `write` with the member's list version locked, so no other write can land between the two tags:
 * the list at `current` is exactly the list at `previous` with this write applied.
 */
export async function writeContactList<T>(
  trx: Transaction<Database>,
  userId: string,
  write: () => Promise<T>,
): Promise<{ result: T; tags: ContactListTags }> {
  const previous = await lockContactListVersion(trx, userId);
  const result = await write();
  const current = await findContactListVersion(trx, userId);
  return {
    result,
    tags: { previous: contactListTag(userId, previous), current: contactListTag(userId, current) },
  };
}

export function listTagHeaders(tags: ContactListTags): Record<string, string> {
  return { [CONTACT_LIST_ETAG_HEADER]: tags.current, [CONTACT_LIST_PREVIOUS_ETAG_HEADER]: tags.previous };
}

export function sendListTags(reply: FastifyReply, tags: ContactListTags): void {
  reply.headers(listTagHeaders(tags));
}
