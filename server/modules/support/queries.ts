// SQL of the support tools: a member as the admin sees them, the disabled flag (migration 038_b), and
// the support lines of the audit log. Cards are changed through the cards module's face.
import { type Kysely, sql, type Transaction } from 'kysely';
import { SUPPORT_ACTION_WORDS } from '../../../contract/support';
import type { Database } from '../../platform/db/schema';
import { toAuditEntry } from '../../platform/security/store';

type Db = Kysely<Database> | Transaction<Database>;

const HISTORY_SHOWN = 20;

/** A member account (never an operator's) by id, locked for the action that follows. */
export function findMemberForUpdate(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'is_verified', 'disabled_at'])
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .forUpdate()
    .executeTakeFirst();
}

export async function findMemberIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('role', '=', 'user')
    .executeTakeFirst();
  return row?.id;
}

/** The card row behind a Card ID: who holds it, and what it was replaced by. */
export function findCardHolder(db: Db, nfcUid: string) {
  return db
    .selectFrom('cards')
    .select(['user_id', 'replaced_by'])
    .where('nfc_uid', '=', nfcUid)
    .executeTakeFirst();
}

/** The member's linked card, locked. */
export function findLinkedCard(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('cards')
    .select('nfc_uid')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function setDisabled(trx: Transaction<Database>, userId: string, disabledAt: Date | null) {
  return trx.updateTable('users').set({ disabled_at: disabledAt }).where('id', '=', userId).execute();
}

/** Everything the support view shows of a member, or undefined when there is no such member. */
export async function memberView(db: Db, userId: string) {
  const [account, card, link, sessions, history] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'is_verified', 'created_at', 'disabled_at', 'last_login_at'])
      .where('id', '=', userId)
      .where('role', '=', 'user')
      .executeTakeFirst(),
    db.selectFrom('cards').select(['nfc_uid', 'claimed_at']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('card_links')
      .select('handle')
      .where('user_id', '=', userId)
      .where('is_current', '=', true)
      .executeTakeFirst(),
    db
      .selectFrom('member_sessions')
      .select([
        sql<string>`count(*) FILTER (WHERE ended_at IS NULL)`.as('active'),
        (eb) => eb.fn.max('last_seen_at').as('last_seen_at'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('security_audit_log')
      .selectAll()
      .where('target', '=', userId)
      .where('action', 'in', Object.keys(SUPPORT_ACTION_WORDS))
      .orderBy('at', 'desc')
      .limit(HISTORY_SHOWN)
      .execute(),
  ]);
  if (!account) return undefined;
  // The support view shows no address, the operator's included.
  const lines = history.map((row) => ({ ...toAuditEntry(row), ipAddress: null }));
  return { account, card, link, sessions, history: lines };
}
