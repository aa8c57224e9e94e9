// Changing the sign-in e-mail (security review §2.1): the current password, then a code that only the
// new address receives; the old address is told at both steps and signs in until the code is entered.
import type { EmailChangeRequest, EmailChangeStarted } from '../../../contract/user';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/errors';
import { HttpError } from '../../platform/errors';
import {
  emailChangeCodeMail,
  emailChangedMail,
  emailChangeRequestedMail,
} from '../../platform/mail/templates';
import {
  CODE_TTL_MINUTES,
  checkCode,
  codeExpiry,
  createVerificationCode,
  findUserByEmail,
  hashVerificationCode,
  secondsUntilResend,
} from '../auth';
import { findMember, proveMember } from './password-proof';
import {
  countWrongEmailChangeCode,
  deleteEmailChange,
  findEmailChange,
  saveEmailChange,
  updateUser,
} from './queries';
import { userMessages } from './service';

export const emailChangeMessages = {
  unchanged: 'This is already your sign-in e-mail.',
  noChange: 'There is no e-mail change waiting for a code. Please start again.',
} as const;

export function codeSentMessage(newEmail: string): string {
  return `We sent a 6-digit code to ${newEmail}. Enter it here to confirm the change.`;
}

export async function startEmailChange(
  ctx: AppContext,
  userId: string,
  request: EmailChangeRequest,
): Promise<EmailChangeStarted> {
  const user = await proveMember(ctx, userId, request.password);
  const newEmail = request.newEmail.trim().toLowerCase();
  if (newEmail === user.email) throw new HttpError('EMAIL_UNCHANGED', emailChangeMessages.unchanged);
  if (await findUserByEmail(ctx.db, newEmail)) throw new HttpError('EMAIL_TAKEN', userMessages.emailTaken);
  const pending = await findEmailChange(ctx.db, userId);
  const waitSeconds = pending ? secondsUntilResend(pending.sent_at) : 0;
  if (waitSeconds > 0) {
    throw new HttpError('RATE_LIMITED', `Please wait ${waitSeconds} seconds before requesting another code.`);
  }
  const code = createVerificationCode();
  await saveEmailChange(ctx.db, {
    userId,
    newEmail,
    codeHash: hashVerificationCode(code, ctx.codeKey),
    expiresAt: codeExpiry(),
  });
  await ctx.mailer.send(emailChangeCodeMail(newEmail, user.name, code, CODE_TTL_MINUTES));
  const resetLink = `${ctx.config.publicUrl}/forgot-password`;
  await ctx.mailer.send(emailChangeRequestedMail(user.email, user.name, newEmail, resetLink));
  return { message: codeSentMessage(newEmail), pendingEmail: newEmail };
}

/** Swaps the sign-in e-mail once the new address's code is entered; answers nothing, the caller reads the account. */
export async function confirmEmailChange(ctx: AppContext, userId: string, code: string): Promise<void> {
  const user = await findMember(ctx, userId);
  const pending = await findEmailChange(ctx.db, userId);
  if (!pending) throw new HttpError('NO_EMAIL_CHANGE', emailChangeMessages.noChange);
  await checkCode(pending, hashVerificationCode(code, ctx.codeKey), () =>
    countWrongEmailChangeCode(ctx.db, userId),
  );
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, { email: pending.new_email });
      await deleteEmailChange(trx, userId);
    });
  } catch (error) {
    // Someone registered the address meanwhile: the change can never complete.
    if (!isUniqueViolation(error)) throw error;
    await deleteEmailChange(ctx.db, userId);
    throw new HttpError('EMAIL_TAKEN', userMessages.emailTaken);
  }
  await ctx.mailer.send(emailChangedMail(user.email, user.name, pending.new_email));
}

export async function cancelEmailChange(ctx: AppContext, userId: string): Promise<void> {
  await findMember(ctx, userId);
  await deleteEmailChange(ctx.db, userId);
}
