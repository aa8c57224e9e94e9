// A member's card link, /c/<handle> (issue 26): the address that shows their card from the first
// minute, with or without an NFC card. The table is card_links (migration 029): one current handle per
// member and the ones they replaced, which keep leading to the card.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PublicCard } from '../../../contract/card';
import { isAccountEnabled } from '../../platform/account-standing';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { MEMBER_CARD_COLUMNS, toPublicCard } from './queries';

type Db = Kysely<Database> | Transaction<Database>;

export const cardLinkMessages = {
  taken: 'This card link is taken. Please choose another.',
} as const;

/** 16 random hex characters (64 bits): not worth guessing, and the shape migration 029 gave everyone. */
function newHandle(): string {
  return randomBytes(8).toString('hex');
}

/** A new member's card link, made with their account. */
export async function createCardLink(db: Db, userId: string): Promise<void> {
  await db.insertInto('card_links').values({ handle: newHandle(), user_id: userId }).execute();
}

export async function findCurrentHandle(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('card_links')
    .select('handle')
    .where('user_id', '=', userId)
    .where('is_current', '=', true)
    .executeTakeFirst();
  return row?.handle ?? null;
}

/**
 * The card a handle opens, carrying its owner's current handle as its key: an old handle still finds
 * the card, and the page then moves to the current address.
 */
export async function findCardByHandle(db: Db, handle: string): Promise<PublicCard | undefined> {
  const row = await db
    .selectFrom('card_links as asked')
    .innerJoin('card_links as current', (join) =>
      join.onRef('current.user_id', '=', 'asked.user_id').on('current.is_current', '=', true),
    )
    .innerJoin('users', 'users.id', 'asked.user_id')
    .leftJoin('business_cards', 'business_cards.user_id', 'asked.user_id')
    .select(['current.handle as current_handle', ...MEMBER_CARD_COLUMNS])
    .where('asked.handle', '=', handle)
    .where(isAccountEnabled)
    .executeTakeFirst();
  return row && toPublicCard(row, row.current_handle);
}

/** Whether any member ever had the handle (one whose card is not shown: their account is disabled). */
export async function isKnownHandle(db: Db, handle: string): Promise<boolean> {
  const row = await db
    .selectFrom('card_links')
    .select('handle')
    .where('handle', '=', handle)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes `handle` the member's card link. Their old one keeps leading to the card; a handle any member
 * ever had is never given to another, so a shared link can never come to show someone else. Taking
 * back one of one's own old handles makes it current again.
 */
export async function changeCardHandle(db: Kysely<Database>, userId: string, handle: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locked, so two changes at once by one member leave exactly one current handle. An account deleted
    // meanwhile has nothing to change (the caller answers that it is gone).
    const member = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    if (member.length === 0) return;
    const owner = await trx
      .selectFrom('card_links')
      .select('user_id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    if (owner && owner.user_id !== userId) throw new HttpError('CARD_LINK_TAKEN', cardLinkMessages.taken);
    await trx
      .updateTable('card_links')
      .set({ is_current: false })
      .where('user_id', '=', userId)
      .where('handle', '<>', handle)
      .execute();
    // Another member may claim the same new handle in this instant: the primary key decides.
    await sql`INSERT INTO card_links (handle, user_id) VALUES (${handle}, ${userId})
      ON CONFLICT (handle) DO UPDATE SET is_current = true WHERE card_links.user_id = excluded.user_id`.execute(
      trx,
    );
    const current = await findCurrentHandle(trx, userId);
    if (current !== handle) throw new HttpError('CARD_LINK_TAKEN', cardLinkMessages.taken);
  });
}
