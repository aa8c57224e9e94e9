// SQL of issued cards, their owners' business cards, and public card page events.
import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { PublicCard } from '../../../contract/card';
import type { Database } from '../../platform/db/schema';
import {
  BUSINESS_CARD_COLUMNS,
  fromBusinessCardColumns,
  toBusinessCardColumns,
} from './business-card-columns';

type Db = Kysely<Database> | Transaction<Database>;

/** A card's fields beyond name and e-mail, as a new member's card starts. */
export const EMPTY_CARD = {
  pronouns: '',
  company: '',
  role: '',
  phone: '',
  linkedinURL: '',
  additionalURL: '',
};

/**
 * A new member's card starts as their account's name and e-mail, so the public page, /my-card and
 * send-card read the same card from the first minute. Never overwrites a card already there.
 */
export function createStartingBusinessCard(db: Db, userId: string, account: { name: string; email: string }) {
  return db
    .insertInto('business_cards')
    .values({
      user_id: userId,
      ...toBusinessCardColumns({ ...EMPTY_CARD, name: account.name, email: account.email }),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/** IDs of the spec's form: 40 hex characters from a cryptographic source, a dash, a serial number. */
export async function issueCards(db: Db, count: number): Promise<string[]> {
  const serials = await sql<{ serial: string }>`SELECT nextval('card_serial')::text AS serial
    FROM generate_series(1, ${count})`.execute(db);
  const ids = serials.rows.map(({ serial }) => `${randomBytes(20).toString('hex')}-${serial}`);
  await db
    .insertInto('cards')
    .values(ids.map((nfc_uid) => ({ nfc_uid })))
    .execute();
  return ids;
}

export function listCards(db: Db) {
  return db
    .selectFrom('cards')
    .select(['nfc_uid', 'issued_at', 'user_id', 'claimed_at'])
    .orderBy('issued_at')
    .orderBy(sql`split_part(nfc_uid, '-', 2)::bigint`)
    .execute();
}

export function findCard(db: Db, nfcUid: string) {
  return db.selectFrom('cards').selectAll().where('nfc_uid', '=', nfcUid).executeTakeFirst();
}

export function findCardForUpdate(db: Transaction<Database>, nfcUid: string) {
  return db.selectFrom('cards').selectAll().where('nfc_uid', '=', nfcUid).forUpdate().executeTakeFirst();
}

export function claimCard(db: Db, nfcUid: string, userId: string) {
  return db
    .updateTable('cards')
    .set({ user_id: userId, claimed_at: sql`now()` })
    .where('nfc_uid', '=', nfcUid)
    .execute();
}

export function releaseCardsOfUser(db: Db, userId: string) {
  return db
    .updateTable('cards')
    .set({ user_id: null, claimed_at: null })
    .where('user_id', '=', userId)
    .execute();
}

/** What anyone sees of a member's card: their account's name and e-mail, and their business card. */
export const MEMBER_CARD_COLUMNS = [
  'users.id as user_id',
  'users.name',
  'users.email',
  ...BUSINESS_CARD_COLUMNS,
] as const;

/**
 * A member who has not filled in a business card yet shows the name and e-mail of their account, so a
 * card is never blank. `key` is how the card was reached: its Card ID or the member's card link.
 */
export function toPublicCard(
  row: Parameters<typeof fromBusinessCardColumns>[0] & { user_id: string; name: string; email: string },
  key: string,
): PublicCard {
  const card = fromBusinessCardColumns(row) ?? { ...EMPTY_CARD, name: row.name, email: row.email };
  return { ...card, nfcUID: key, userId: row.user_id };
}

/** What a linked card shows. */
export async function findPublicCard(db: Db, nfcUid: string): Promise<PublicCard | undefined> {
  const row = await db
    .selectFrom('cards')
    .innerJoin('users', 'users.id', 'cards.user_id')
    .leftJoin('business_cards', 'business_cards.user_id', 'cards.user_id')
    .select(['cards.nfc_uid', ...MEMBER_CARD_COLUMNS])
    .where('cards.nfc_uid', '=', nfcUid)
    .executeTakeFirst();
  return row && toPublicCard(row, row.nfc_uid);
}
