// SQL of the member's own account and business card.
import type { Kysely, Transaction } from 'kysely';
import type { BusinessCard } from '../../../contract/card';
import type { Database } from '../../db/schema';
import { BUSINESS_CARD_COLUMNS, toBusinessCardColumns } from '../cards/business-card-columns';

type Db = Kysely<Database> | Transaction<Database>;

export function findAccount(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('cards', 'cards.user_id', 'users.id')
    .leftJoin('business_cards', 'business_cards.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.created_at',
      'cards.nfc_uid',
      ...BUSINESS_CARD_COLUMNS,
    ])
    .where('users.id', '=', userId)
    .where('users.role', '=', 'user')
    .executeTakeFirst();
}

export function upsertBusinessCard(db: Db, userId: string, card: BusinessCard) {
  const values = toBusinessCardColumns(card);
  return db
    .insertInto('business_cards')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export function updateUser(db: Db, userId: string, changes: { name?: string; email?: string }) {
  return db.updateTable('users').set(changes).where('id', '=', userId).execute();
}
