// Finds the card behind a tap, telling "not activated yet" apart from "no such card".
import type { Kysely, Transaction } from 'kysely';
import type { CardLookupError, PublicCard } from '../../../contract/card';
import { isCardHandle } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';
import { findCardByHandle } from './card-links';
import { findCard, findPublicCard } from './queries';

export const cardMessages = {
  unclaimed: 'This card has not been activated yet.',
  notFound: 'Card not found.',
} as const;

export type CardLookup = { card: PublicCard } | { error: CardLookupError };

/** `nfcUid` is the card's key: a Card ID, or a member's card link handle (their current or an old one). */
export async function lookUpCard(
  db: Kysely<Database> | Transaction<Database>,
  nfcUid: string,
): Promise<CardLookup> {
  const card = isCardHandle(nfcUid) ? await findCardByHandle(db, nfcUid) : await findPublicCard(db, nfcUid);
  if (card) return { card };
  if (isCardHandle(nfcUid)) return { error: { error: cardMessages.notFound, code: 'CARD_NOT_FOUND' } };
  return (await findCard(db, nfcUid))
    ? { error: { error: cardMessages.unclaimed, code: 'CARD_UNCLAIMED' } }
    : { error: { error: cardMessages.notFound, code: 'CARD_NOT_FOUND' } };
}
