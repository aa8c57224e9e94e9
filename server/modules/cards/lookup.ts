// Finds the card behind a tap, telling "not activated yet", "replaced", "unavailable" and "no such card"
// apart.
import type { Kysely, Transaction } from 'kysely';
import type { CardLookupError, PublicCard } from '../../../contract/card';
import { isCardHandle } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';
import { findCardByHandle, isKnownHandle } from './card-links';
import { findCard, findPublicCard } from './queries';

export const cardMessages = {
  unclaimed: 'This card has not been activated yet.',
  notFound: 'Card not found.',
  replaced: 'This card has been replaced by its owner.',
  unavailable: 'This card is unavailable.',
} as const;

export type CardLookup = { card: PublicCard } | { error: CardLookupError };

const failed = (code: CardLookupError['code'], error: string): CardLookup => ({ error: { error, code } });

/** `nfcUid` is the card's key: a Card ID, or a member's card link handle (their current or an old one). */
export async function lookUpCard(
  db: Kysely<Database> | Transaction<Database>,
  nfcUid: string,
): Promise<CardLookup> {
  const card = isCardHandle(nfcUid) ? await findCardByHandle(db, nfcUid) : await findPublicCard(db, nfcUid);
  if (card) return { card };
  // Not shown: a disabled account's card, a card moved to a replacement, one nobody activated, or none.
  if (isCardHandle(nfcUid)) {
    return (await isKnownHandle(db, nfcUid))
      ? failed('CARD_UNAVAILABLE', cardMessages.unavailable)
      : failed('CARD_NOT_FOUND', cardMessages.notFound);
  }
  const issued = await findCard(db, nfcUid);
  if (!issued) return failed('CARD_NOT_FOUND', cardMessages.notFound);
  if (issued.replaced_by !== null) return failed('CARD_REPLACED', cardMessages.replaced);
  if (issued.user_id !== null) return failed('CARD_UNAVAILABLE', cardMessages.unavailable);
  return failed('CARD_UNCLAIMED', cardMessages.unclaimed);
}
