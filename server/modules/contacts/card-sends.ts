// How often a member may e-mail their card: once a day to one address (whichever contact it belongs
// to, so deleting and saving a contact again changes nothing), and a few dozen times a day in all.
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
 * Refuses a send over the limits, and otherwise records it, in the caller's transaction. The
 * member's row is locked first, so two sends at once cannot both pass the check.
 */
export async function recordCardSend(
  trx: Transaction<Database>,
  senderId: string,
  recipientEmail: string,
): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', senderId).forUpdate().execute();
  const recipient = recipientEmail.trim().toLowerCase();
  const since = sql<Date>`now() - interval '1 day'`;
  const sends = await trx
    .selectFrom('card_sends')
    .select('recipient_email')
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', since)
    .execute();
  if (sends.some((send) => send.recipient_email === recipient)) {
    throw new HttpError('CARD_SENT_TODAY', cardSendMessages.alreadySentToday);
  }
  if (sends.length >= CARD_SENDS_PER_DAY) {
    throw new HttpError('CARD_DAILY_LIMIT', cardSendMessages.limitReached);
  }
  await trx.insertInto('card_sends').values({ sender_id: senderId, recipient_email: recipient }).execute();
}

/** Sends older than the day they count for are no longer needed. */
export async function pruneCardSends(db: Kysely<Database>) {
  const result = await db
    .deleteFrom('card_sends')
    .where('sent_at', '<', sql<Date>`now() - interval '2 days'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
