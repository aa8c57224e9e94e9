// Whether an account may be let in: one an operator disabled with the support tools (migration 038_b)
// is not, at any door. The token guard (guards.ts), CardDAV's app passwords and the sign-in all ask this
// one question, so "disabled" means the same everywhere (docs/operations.md "Support").
import { sql } from 'kysely';

export const DISABLED_ACCOUNT_MESSAGE = 'This account has been disabled. Please contact support.';

/** A `where` on a query that reads `users`: only accounts no operator disabled. */
export const isAccountEnabled = sql<boolean>`users.disabled_at IS NULL`;

/** The same question of a users row already read. */
export function isDisabled(user: { disabled_at: Date | null }): boolean {
  return user.disabled_at !== null;
}
