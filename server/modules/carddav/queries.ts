// SQL of the app passwords CardDAV clients sign in with.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AppPassword } from '../../../contract/app-passwords';
import { isAccountEnabled } from '../../platform/account-standing';
import type { AppPasswordsTable, Database } from '../../platform/db/schema';

function toAppPassword(row: Selectable<AppPasswordsTable>): AppPassword {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** Oldest first: the order in which the member set up their devices. */
export async function listAppPasswords(db: Kysely<Database>, userId: string): Promise<AppPassword[]> {
  const rows = await db
    .selectFrom('app_passwords')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAppPassword);
}

/**
 * Inserts the password unless the member already has `max`. The member's row is locked first, so two
 * requests at once cannot both take the last place.
 */
export async function insertAppPassword(
  db: Kysely<Database>,
  values: { userId: string; name: string; passwordHash: string; max: number },
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', values.userId).forNoKeyUpdate().execute();
    const { count } = await trx
      .selectFrom('app_passwords')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', values.userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= values.max) return undefined;
    const row = await trx
      .insertInto('app_passwords')
      .values({ user_id: values.userId, name: values.name, password_hash: values.passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function deleteAppPassword(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const row = await db
    .deleteFrom('app_passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member an e-mail and app password (by its hash) belong to, with the password's id. */
export async function findAppPasswordOwner(db: Kysely<Database>, email: string, passwordHash: string) {
  return db
    .selectFrom('app_passwords')
    .innerJoin('users', 'users.id', 'app_passwords.user_id')
    .select(['app_passwords.id as id', 'users.id as userId'])
    .where('users.email', '=', email)
    .where('users.role', '=', 'user')
    .where(isAccountEnabled)
    .where('app_passwords.password_hash', '=', passwordHash)
    .executeTakeFirst();
}

/** Last use to the minute: a phone syncing every few minutes does not write on every request. */
export async function markAppPasswordUsed(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('app_passwords')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
