// Local copies of the public cards a member has opened (DESIGN.md §4 Offline taps): a card seen once
// renders from here when it is tapped again with no signal.
import type { PublicCard } from '../../contract/card';
import { CardPageSchema, db } from './tapnet-db';

/** Enough for every card met at a busy event; the oldest copies go first. */
export const CARD_PAGES_KEPT = 500;

export async function rememberCardPage(card: PublicCard, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.cardPages, async () => {
    await db.cardPages.put({ nfcUID: card.nfcUID, card, seenAt: now });
    const excess = (await db.cardPages.count()) - CARD_PAGES_KEPT;
    if (excess > 0) await db.cardPages.orderBy('seenAt').limit(excess).delete();
  });
}

/** The copy of this card, or null when it was never shown here or no longer parses. */
export async function readCardPage(nfcUID: string): Promise<PublicCard | null> {
  const parsed = CardPageSchema.safeParse(await db.cardPages.get(nfcUID));
  return parsed.success ? parsed.data.card : null;
}

/** Which cards a member opened says whom they met: the copies go with the session. */
export async function clearCardPages(): Promise<void> {
  await db.cardPages.clear();
}
