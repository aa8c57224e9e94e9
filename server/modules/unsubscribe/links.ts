// The "never e-mail me again" link: its token is an HMAC of the address under the server's key, so it
// cannot be guessed or made up for someone else's address; only its hash is stored.
import { createHash, createHmac } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

function normalised(email: string): string {
  return email.trim().toLowerCase();
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The link for mail to `email`, stored so that the link can be honoured later. One link per address:
 * every mail to it carries the same one, and any of them works.
 */
export async function unsubscribeLinkFor(
  db: Db,
  options: { email: string; key: string; publicUrl: string },
): Promise<string> {
  const email = normalised(options.email);
  const token = createHmac('sha256', options.key).update(`unsubscribe:${email}`).digest('base64url');
  await db
    .insertInto('email_unsubscribes')
    .values({ email, token_hash: hashOf(token) })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
  return `${options.publicUrl}/api/unsubscribe/${token}`;
}

export type UnsubscribeState = 'unknown' | 'subscribed' | 'unsubscribed';

/** Where the address of this token stands, changing nothing: what the link's page shows. */
export async function unsubscribeStateOf(db: Db, token: string): Promise<UnsubscribeState> {
  const row = await db
    .selectFrom('email_unsubscribes')
    .select('unsubscribed_at')
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirst();
  if (row === undefined) return 'unknown';
  return row.unsubscribed_at === null ? 'subscribed' : 'unsubscribed';
}

/**
 * Marks the address of this token as unsubscribed; answers false for a token Tapnet never sent. A
 * second time keeps the first time's date.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<boolean> {
  const row = await db
    .updateTable('email_unsubscribes')
    .set({ unsubscribed_at: sql<Date>`coalesce(unsubscribed_at, now())` })
    .where('token_hash', '=', hashOf(token))
    .returning('email')
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasUnsubscribed(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_unsubscribes')
    .select('email')
    .where('email', '=', normalised(email))
    .where('unsubscribed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
