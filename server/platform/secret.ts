// The JWT signing secret: from JWT_SECRET, or generated once and kept in the database so restarts keep sessions.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

const SETTING_KEY = 'jwt_secret';

export async function loadJwtSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Several processes may start at once; the first insert wins and everyone reads the winner.
  await db
    .insertInto('settings')
    .values({ key: SETTING_KEY, value: randomBytes(48).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', SETTING_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}
