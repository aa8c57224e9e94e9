// SQL of accounts, verification codes, reset tokens and refresh tokens.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Role } from '../../../contract/auth';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: {
    name: string;
    email: string;
    passwordHash: string;
    dateOfBirth: string | null;
    role?: Role;
    isVerified?: boolean;
  },
) {
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      password_hash: user.passwordHash,
      date_of_birth: user.dateOfBirth,
      role: user.role ?? 'user',
      is_verified: user.isVerified ?? false,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export function upsertOperator(
  db: Db,
  operator: { name: string; email: string; passwordHash: string; role: Role },
) {
  return db
    .insertInto('users')
    .values({
      name: operator.name,
      email: operator.email,
      password_hash: operator.passwordHash,
      date_of_birth: null,
      role: operator.role,
      is_verified: true,
    })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        password_hash: operator.passwordHash,
        role: operator.role,
        is_verified: true,
        locked_until: null,
        failed_login_count: 0,
      }),
    )
    .execute();
}

/**
 * Counts a failed password in one statement, so concurrent attempts cannot undercount:
 * a window of `windowMinutes` opens on the first failure and reaching `maxFailures` in it locks the account.
 */
export function recordFailedLogin(
  db: Db,
  userId: string,
  limits: { maxFailures: number; windowMinutes: number; lockMinutes: number },
) {
  const windowStart = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const inWindow = sql<boolean>`coalesce(failed_login_window_start > ${windowStart}, false)`;
  const failures = sql<number>`(CASE WHEN ${inWindow} THEN failed_login_count + 1 ELSE 1 END)`;
  const locks = sql<boolean>`(${failures} >= ${limits.maxFailures})`;
  return db
    .updateTable('users')
    .set({
      failed_login_count: sql`CASE WHEN ${locks} THEN 0 ELSE ${failures} END`,
      failed_login_window_start: sql`CASE WHEN ${locks} THEN NULL WHEN ${inWindow} THEN failed_login_window_start ELSE now() END`,
      locked_until: sql`CASE WHEN ${locks} THEN now() + make_interval(mins => ${limits.lockMinutes}) ELSE locked_until END`,
    })
    .where('id', '=', userId)
    .returning(['locked_until'])
    .executeTakeFirst();
}

export function recordSuccessfulLogin(db: Db, userId: string) {
  return db
    .updateTable('users')
    .set({
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
      last_login_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

export function markVerified(db: Db, userId: string) {
  return db.updateTable('users').set({ is_verified: true }).where('id', '=', userId).execute();
}

export function setPassword(db: Db, userId: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
    })
    .where('id', '=', userId)
    .execute();
}

export function findVerification(db: Db, userId: string) {
  return db.selectFrom('email_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function saveVerification(db: Db, userId: string, codeHash: string, expiresAt: Date) {
  return db
    .insertInto('email_verifications')
    .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, sent_at: new Date() })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, sent_at: new Date(), failed_attempts: 0 }),
    )
    .execute();
}

export function countFailedVerification(db: Db, userId: string) {
  return db
    .updateTable('email_verifications')
    .set({ failed_attempts: sql`failed_attempts + 1` })
    .where('user_id', '=', userId)
    .returning(['failed_attempts'])
    .executeTakeFirst();
}

export function deleteVerification(db: Db, userId: string) {
  return db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}

export function insertPasswordReset(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  return db
    .insertInto('password_resets')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
    .execute();
}

/** Marks a live reset token used and returns its user; a used, expired or unknown token returns nothing. */
export function consumePasswordReset(db: Db, tokenHash: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id'])
    .executeTakeFirst();
}

export function insertRefreshToken(
  db: Db,
  token: { idHash: string; familyId: string; userId: string; expiresAt: Date },
) {
  return db
    .insertInto('refresh_tokens')
    .values({
      id_hash: token.idHash,
      family_id: token.familyId,
      user_id: token.userId,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Locks the row so two refreshes of one token are decided one after the other. */
export function findRefreshTokenForUpdate(db: Transaction<Database>, idHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('id_hash', '=', idHash)
    .forUpdate()
    .executeTakeFirst();
}

export function markRefreshTokenReplaced(db: Db, idHash: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ replaced_at: sql`now()` })
    .where('id_hash', '=', idHash)
    .execute();
}

export function revokeRefreshFamily(db: Db, familyId: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeAllRefreshTokens(db: Db, userId: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
