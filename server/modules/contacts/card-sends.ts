// How often a member may e-mail their card: once a day to one address (whichever contact it belongs
// to, so deleting and saving a contact again changes nothing), and a few dozen times a day in all; and
// how often copies asked for on their card page go out, to one address and in all.
// The table is card_sends (migration 014); its SQL lives here, next to the only rule that reads it.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

export const CARD_SENDS_PER_DAY = 20;

export const cardSendMessages = {
  alreadySentToday:
    'You already sent your card to this contact today. You can send it to them again tomorrow.',
  limitReached: `You have sent your card ${CARD_SENDS_PER_DAY} times today, the most a day allows. You can send more tomorrow.`,
} as const;

/**
 * The addresses the member's card went to in the last day. The member's row is locked first, so two
 * sends at once cannot both pass a check made on these.
 */
async function lockSendsOfDay(trx: Transaction<Database>, senderId: string) {
  await trx.selectFrom('users').select('id').where('id', '=', senderId).forUpdate().execute();
  return trx
    .selectFrom('card_sends')
    .select(['recipient_email', 'is_copy'])
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', sql<Date>`now() - interval '1 day'`)
    .execute();
}

function insertSend(trx: Transaction<Database>, senderId: string, recipient: string, isCopy: boolean) {
  return trx
    .insertInto('card_sends')
    .values({ sender_id: senderId, recipient_email: recipient, is_copy: isCopy })
    .execute();
}

/** Refuses a send over the limits, and otherwise records it, in the caller's transaction. */
export async function recordCardSend(
  trx: Transaction<Database>,
  senderId: string,
  recipientEmail: string,
): Promise<void> {
  const recipient = recipientEmail.trim().toLowerCase();
  const sent = await lockSendsOfDay(trx, senderId);
  if (sent.some((send) => send.recipient_email === recipient)) {
    throw new HttpError('CARD_SENT_TODAY', cardSendMessages.alreadySentToday);
  }
  if (sent.filter((send) => !send.is_copy).length >= CARD_SENDS_PER_DAY) {
    throw new HttpError('CARD_DAILY_LIMIT', cardSendMessages.limitReached);
  }
  await insertSend(trx, senderId, recipient, false);
}

/**
 * A copy of the member's card asked for on its page (issue 26: by a visitor sharing their details, or
 * "E-mail me this card"): the address is the visitor's word only, so it gets at most one a day from
 * this member and COPIES_TO_ONE_ADDRESS_PER_DAY from all cards (a stranger cannot fill someone's inbox
 * by asking on many cards), and a member's card goes out this way at most COPIES_PER_DAY times a day
 * (a busy show, not a mailing list), apart from the member's own sends. Records the copy and answers
 * whether it may go; a copy that may not is simply not sent.
 */
export const COPIES_PER_DAY = 200;
export const COPIES_TO_ONE_ADDRESS_PER_DAY = 10;

async function copiesToAddressToday(trx: Transaction<Database>, recipient: string): Promise<number> {
  const row = await trx
    .selectFrom('card_sends')
    .select((eb) => eb.fn.countAll<string>().as('copies'))
    .where('recipient_email', '=', recipient)
    .where('is_copy', '=', true)
    .where('sent_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirstOrThrow();
  return Number(row.copies);
}

export async function recordCardCopy(
  trx: Transaction<Database>,
  ownerId: string,
  recipientEmail: string,
): Promise<boolean> {
  const recipient = recipientEmail.trim().toLowerCase();
  const sent = await lockSendsOfDay(trx, ownerId);
  const copies = sent.filter((send) => send.is_copy).length;
  if (copies >= COPIES_PER_DAY || sent.some((send) => send.recipient_email === recipient)) return false;
  if ((await copiesToAddressToday(trx, recipient)) >= COPIES_TO_ONE_ADDRESS_PER_DAY) return false;
  await insertSend(trx, ownerId, recipient, true);
  return true;
}

/** Sends older than the day they count for are no longer needed. */
export async function pruneCardSends(db: Kysely<Database>) {
  const result = await db
    .deleteFrom('card_sends')
    .where('sent_at', '<', sql<Date>`now() - interval '2 days'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
