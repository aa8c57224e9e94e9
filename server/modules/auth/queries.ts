// SQL of accounts, verification codes, reset tokens and refresh tokens.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Role } from '../../../contract/auth';
import type { Database } from '../../platform/db/schema';
import { wrongCodeChanges } from './codes';

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

/** Every operator account (the admin and security dashboards' sign-ins), by role then e-mail. */
export function listOperators(db: Db) {
  return db
    .selectFrom('users')
    .select(['email', 'role'])
    .where('role', 'in', ['admin', 'security'])
    .orderBy('role')
    .orderBy('email')
    .execute();
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
        login_throttled_until: null,
      }),
    )
    .execute();
}

/**
 * Counts a wrong password from one client address in one statement, so concurrent attempts cannot
 * undercount: a window opens on the first failure, and reaching `maxFailures` in it locks that address
 * (and only that address) out of the account.
 */
export function recordFailedLoginFrom(
  db: Db,
  userId: string,
  address: string,
  limits: { maxFailures: number; windowMinutes: number; lockMinutes: number },
) {
  const windowStart = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const inWindow = sql<boolean>`(login_failures.window_start > ${windowStart})`;
  const failures = sql<number>`(CASE WHEN ${inWindow} THEN login_failures.failed_count + 1 ELSE 1 END)`;
  const locks = sql<boolean>`(${failures} >= ${limits.maxFailures})`;
  return db
    .insertInto('login_failures')
    .values({ user_id: userId, address, failed_count: 1, window_start: sql`now()`, locked_until: null })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'address']).doUpdateSet({
        failed_count: sql`CASE WHEN ${locks} THEN 0 ELSE ${failures} END`,
        window_start: sql`CASE WHEN ${inWindow} AND NOT ${locks} THEN login_failures.window_start ELSE now() END`,
        locked_until: sql`CASE WHEN ${locks} THEN now() + make_interval(mins => ${limits.lockMinutes}) ELSE login_failures.locked_until END`,
      }),
    )
    .returning(['locked_until'])
    .executeTakeFirstOrThrow();
}

/**
 * This address's standing with the account: the end of its lock out while it lasts, and whether it
 * failed within the window (the account's slow-down applies to such addresses only).
 */
export async function findAddressStanding(
  db: Db,
  userId: string,
  address: string,
  windowMinutes: number,
): Promise<{ lockedUntil: Date | undefined; hasRecentFailures: boolean }> {
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<Date | null>`CASE WHEN locked_until > now() THEN locked_until END`.as('locked_until'),
      sql<boolean>`(failed_count > 0 AND window_start > now() - make_interval(mins => ${windowMinutes}))`.as(
        'has_recent_failures',
      ),
    ])
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .executeTakeFirst();
  return {
    lockedUntil: row?.locked_until ?? undefined,
    hasRecentFailures: row?.has_recent_failures === true,
  };
}

/** Remembers that the member signed in from an address key, by its fingerprint (shared addresses). */
export async function rememberSignInAddress(db: Db, userId: string, address: string): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ address, user_id: userId, last_at: sql`now()` })
    .onConflict((conflict) => conflict.columns(['address', 'user_id']).doUpdateSet({ last_at: sql`now()` }))
    .execute();
}

/**
 * Counts a wrong password against the account from any address. Past `freeFailures` in the window each
 * failure spaces the next attempt out (1 s, 2 s, 4 s … up to `maxDelaySeconds`) instead of locking, and
 * the first time in `alertEveryHours` it marks the owner's alert as due (`isAlertDue`).
 */
export function recordAccountLoginFailure(
  db: Db,
  userId: string,
  limits: { freeFailures: number; windowMinutes: number; maxDelaySeconds: number; alertEveryHours: number },
) {
  const windowStart = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const inWindow = sql<boolean>`coalesce(failed_login_window_start > ${windowStart}, false)`;
  const failures = sql<number>`(CASE WHEN ${inWindow} THEN failed_login_count + 1 ELSE 1 END)`;
  const isOverBudget = sql<boolean>`(${failures} > ${limits.freeFailures})`;
  const delaySeconds = sql<number>`least(power(2, least(${failures} - ${limits.freeFailures} - 1, 16)), ${limits.maxDelaySeconds})`;
  const isAlertDue = sql<boolean>`(${isOverBudget} AND coalesce(login_alert_sent_at < now() - make_interval(hours => ${limits.alertEveryHours}), true))`;
  return db
    .updateTable('users')
    .set({
      failed_login_count: failures,
      failed_login_window_start: sql`CASE WHEN ${inWindow} THEN failed_login_window_start ELSE now() END`,
      login_throttled_until: sql`CASE WHEN ${isOverBudget} THEN now() + make_interval(secs => ${delaySeconds}) ELSE login_throttled_until END`,
      login_alert_sent_at: sql`CASE WHEN ${isAlertDue} THEN now() ELSE login_alert_sent_at END`,
    })
    .where('id', '=', userId)
    .returning(['login_throttled_until', sql<boolean>`login_alert_sent_at = now()`.as('isAlertDue')])
    .executeTakeFirst();
}

/** A right password ends this address's count and the account's slow-down. */
export async function recordSuccessfulLogin(db: Db, userId: string, address?: string) {
  if (address !== undefined) {
    await db
      .deleteFrom('login_failures')
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .execute();
  }
  await db
    .updateTable('users')
    .set({
      failed_login_count: 0,
      failed_login_window_start: null,
      login_throttled_until: null,
      last_login_at: sql`now()`,
    })
    .where('id', '=', userId)
    .execute();
}

export function markVerified(db: Db, userId: string) {
  return db.updateTable('users').set({ is_verified: true }).where('id', '=', userId).execute();
}

/** A new password also lifts every lock and slow-down of sign-in. */
export async function setPassword(db: Db, userId: string, passwordHash: string) {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
      login_throttled_until: null,
    })
    .where('id', '=', userId)
    .execute();
}

export function findVerification(db: Db, userId: string) {
  return db.selectFrom('email_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new code gets new tries; the hour's wrong codes (hour_failures) stay. */
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
    .set(wrongCodeChanges())
    .where('user_id', '=', userId)
    .returning(['failed_attempts', 'hour_failures', 'hour_started_at'])
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
