// SQL of the member's own account.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function findAccount(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at'])
    .where('id', '=', userId)
    .where('role', '=', 'user')
    .executeTakeFirst();
}
