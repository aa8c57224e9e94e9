// Adding someone who has no card (issue 26 point 3). The person is looked for among the member's
// contacts by e-mail or phone first (shared-details-queries.ts): a match is answered for the member
// to choose, or merged when they chose so (a replay of an offline add merges too, and says so).
import type { Transaction } from 'kysely';
import { type AddedPerson, AddSomeoneMessages, type AddSomeoneResponse } from '../../../contract/add-someone';
import type { Database } from '../../platform/db/schema';
import type { StoredResponse } from '../../platform/idempotency';
import { queueContactEvent } from '../webhooks';
import { insertContactByHand, mergeIntoContact } from './add-someone-queries';
import { listTagHeaders, writeContactList } from './list-write';
import { findContact, findCurrentEvent, toContact } from './queries';
import { findContactByEmailOrPhone } from './shared-details-queries';

export async function addSomeone(
  trx: Transaction<Database>,
  userId: string,
  person: AddedPerson,
): Promise<StoredResponse> {
  // The list is locked first: two adds of one person at once find each other, never store twice.
  const { result, tags } = await writeContactList(trx, userId, async (): Promise<AddSomeoneResponse> => {
    const matchId =
      person.onMatch === 'keep-both' ? undefined : await findContactByEmailOrPhone(trx, userId, person);
    const match = matchId === undefined ? undefined : await findContact(trx, userId, matchId);
    if (match && person.onMatch === 'ask') {
      return { outcome: 'matches', message: AddSomeoneMessages.matches(match.name), match };
    }
    // The member's current event tags every save until they clear it (issue 27); an add replayed from the
    // outbox takes the event current when it arrives, as a replayed save of a card does.
    const event = await findCurrentEvent(trx, userId);
    if (match) {
      const merged = toContact(await mergeIntoContact(trx, userId, match._id, person, event));
      await queueContactEvent(trx, userId, 'contact.updated', merged);
      return { outcome: 'merged', message: AddSomeoneMessages.merged(merged.name), contact: merged };
    }
    const added = toContact(await insertContactByHand(trx, userId, person, event));
    await queueContactEvent(trx, userId, 'contact.saved', added);
    return { outcome: 'added', message: AddSomeoneMessages.added, contact: added };
  });
  return { statusCode: 200, body: result, headers: listTagHeaders(tags) };
}
