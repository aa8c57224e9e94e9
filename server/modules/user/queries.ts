// SQL of the member's own account and business card.
import type { Kysely, Transaction } from 'kysely';
import type { BusinessCard } from '../../../contract/card';
import type { Database } from '../../platform/db/schema';
import { wrongCodeChanges } from '../auth';
import {
  BUSINESS_CARD_COLUMNS,
  releaseCardsOfUser,
  toBusinessCardColumns,
  toCardLooksColumns,
} from '../cards';

type Db = Kysely<Database> | Transaction<Database>;

export function findAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('cards', 'cards.user_id', 'users.id')
    .leftJoin('business_cards', 'business_cards.user_id', 'users.id')
    .leftJoin('email_changes', 'email_changes.user_id', 'users.id')
    .leftJoin('card_links', (join) =>
      join.onRef('card_links.user_id', '=', 'users.id').on('card_links.is_current', '=', true),
    )
    .select([
      'users.id',
      'users.name',
      'users.email',
      'email_changes.new_email as pending_email',
      'users.created_at',
      'cards.nfc_uid',
      'card_links.handle as card_handle',
      ...BUSINESS_CARD_COLUMNS,
    ])
    .where('users.id', '=', userId)
    .where('users.role', '=', 'user')
    .executeTakeFirst();
}

export function upsertBusinessCard(db: Db, userId: string, card: BusinessCard) {
  const values = { ...toBusinessCardColumns(card), ...toCardLooksColumns(card) };
  return db
    .insertInto('business_cards')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export function updateUser(db: Db, userId: string, changes: { name?: string; email?: string }) {
  return db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export async function findEmailOptOut(db: Db, userId: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email_opt_out')
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .executeTakeFirst();
  return row?.email_opt_out;
}

/** Returns whether the member still exists. */
export async function setEmailOptOut(db: Db, userId: string, emailOptOut: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_opt_out: emailOptOut })
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Whether the member with this e-mail asked for no optional mail (sent cards, invitations).
 * Mail that running an account needs (verification codes, reset links) never asks.
 */
export async function hasOptedOutOfEmail(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('email_opt_out')
    .where('email', '=', email.trim().toLowerCase())
    .where('role', '=', 'user')
    .executeTakeFirst();
  return row?.email_opt_out ?? false;
}

/**
 * Removes the member for good. Their contacts go first, while the member still exists, so that
 * anything the contacts table keeps per owner (its change counter) is updated before the member row
 * and everything hanging on it (business card, tokens, codes, idempotency keys, invitations, card
 * events) goes by ON DELETE CASCADE. The card returns to the unclaimed pool, claim date and all.
 * Saved copies of this member's card in other members' contacts stay (card_owner_id SET NULL).
 */
export async function deleteMember(trx: Transaction<Database>, userId: string): Promise<boolean> {
  await trx.deleteFrom('contacts').where('owner_id', '=', userId).execute();
  await releaseCardsOfUser(trx, userId);
  const result = await trx
    .deleteFrom('users')
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function findEmailChange(db: Db, userId: string) {
  return db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new request replaces the pending one with a new code and new tries; the hour's wrong codes stay. */
export function saveEmailChange(
  db: Db,
  change: { userId: string; newEmail: string; codeHash: string; expiresAt: Date },
) {
  const values = { new_email: change.newEmail, code_hash: change.codeHash, expires_at: change.expiresAt };
  return db
    .insertInto('email_changes')
    .values({ user_id: change.userId, ...values, sent_at: new Date() })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ ...values, sent_at: new Date(), failed_attempts: 0 }),
    )
    .execute();
}

export function countWrongEmailChangeCode(db: Db, userId: string) {
  return db
    .updateTable('email_changes')
    .set(wrongCodeChanges())
    .where('user_id', '=', userId)
    .returning(['failed_attempts', 'hour_failures', 'hour_started_at'])
    .executeTakeFirst();
}

export function deleteEmailChange(db: Db, userId: string) {
  return db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}
