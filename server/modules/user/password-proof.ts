// The current password as proof that a signed-in member is the one asking, before a change an access
// token alone must not make: the sign-in e-mail, deleting the account (security review §2.1, §2.12).
import type { AppContext } from '../../platform/context';
import { HttpError } from '../../platform/errors';
import { ACCOUNT_LOGIN_LIMITS, findUserById, recordAccountLoginFailure, verifyPassword } from '../auth';
import { userMessages } from './service';

export const passwordProofMessages = {
  wrongPassword: 'The password is not correct.',
  tryLater: 'Too many failed sign-in attempts on this account. Please try again later.',
} as const;

export async function findMember(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (user?.role !== 'user') throw new HttpError('ACCOUNT_NOT_FOUND', userMessages.accountNotFound);
  return user;
}

/**
 * The member, once `password` is theirs; a wrong one is refused with WRONG_PASSWORD. Wrong guesses
 * count against the account's sign-in budget and its slow-down holds here too, so a stolen access
 * token is no way around it.
 */
export async function proveMember(ctx: AppContext, userId: string, password: string) {
  const user = await findMember(ctx, userId);
  if (user.login_throttled_until && user.login_throttled_until.getTime() > Date.now()) {
    throw new HttpError('RATE_LIMITED', passwordProofMessages.tryLater);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordAccountLoginFailure(ctx.db, user.id, ACCOUNT_LOGIN_LIMITS);
    throw new HttpError('WRONG_PASSWORD', passwordProofMessages.wrongPassword);
  }
  return user;
}
