// Finds the card behind a tap, telling "not activated yet" apart from "no such card".
import type { Kysely, Transaction } from 'kysely';
import type { CardLookupError, PublicCard } from '../../../contract/card';
import type { Database } from '../../platform/db/schema';
import { findCard, findPublicCard } from './queries';

export const cardMessages = {
  unclaimed: 'This card has not been activated yet.',
  notFound: 'Card not found.',
} as const;

export type CardLookup = { card: PublicCard } | { error: CardLookupError };

export async function lookUpCard(
  db: Kysely<Database> | Transaction<Database>,
  nfcUid: string,
): Promise<CardLookup> {
  const card = await findPublicCard(db, nfcUid);
  if (card) return { card };
  return (await findCard(db, nfcUid))
    ? { error: { error: cardMessages.unclaimed, code: 'CARD_UNCLAIMED' } }
    : { error: { error: cardMessages.notFound, code: 'CARD_NOT_FOUND' } };
}
