// The rules of every 6-digit code (DESIGN.md §4 Tokens): sign-up verification and e-mail change share them.
import { sql } from 'kysely';
import { HttpError } from '../../platform/errors';
import { HOUR_MS, MINUTE_MS } from '../../platform/time';
import { matchesHash } from './secrets';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_WRONG_TRIES = 5;
/** A resend brings a new code and new tries, but never more than this many wrong codes an hour. */
export const CODE_MAX_WRONG_PER_HOUR = 10;
export const CODE_RESEND_LOCK_SECONDS = 30;

/** The columns a stored code keeps, whichever table it lives in. */
export interface StoredCode {
  code_hash: string;
  expires_at: Date;
  failed_attempts: number;
  hour_failures: number;
  hour_started_at: Date | null;
}

export type CodeVerdict = 'valid' | 'wrong' | 'expired' | 'too-many-tries' | 'too-many-this-hour';

export const codeMessages = {
  invalidCode: 'Invalid verification code. Please check the code and try again.',
  expiredCode: 'This verification code has expired. Please request a new one.',
  tooManyCodeAttempts: 'Too many wrong codes. Please request a new verification code.',
} as const;

export function tooManyCodesThisHourMessage(minutes: number): string {
  return `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

type HourCount = Pick<StoredCode, 'failed_attempts' | 'hour_failures' | 'hour_started_at'>;

/**
 * Accepts a right, live code and returns; refuses anything else with the answer the member sees.
 * A wrong code is counted first (`countWrong`), so the try that uses up the last chance says so.
 */
export async function checkCode(
  stored: StoredCode,
  submittedHash: string,
  countWrong: () => Promise<HourCount | undefined>,
): Promise<void> {
  const verdict = judgeCode(stored, submittedHash);
  if (verdict === 'valid') return;
  if (verdict === 'wrong') {
    const counted = await countWrong();
    const hourLeft = counted ? minutesUntilHourEnds(counted) : 0;
    if (hourLeft > 0) throw new HttpError('TOO_MANY_CODE_ATTEMPTS', tooManyCodesThisHourMessage(hourLeft));
    if (!counted || counted.failed_attempts >= CODE_MAX_WRONG_TRIES) {
      throw new HttpError('TOO_MANY_CODE_ATTEMPTS', codeMessages.tooManyCodeAttempts);
    }
    throw new HttpError('INVALID_CODE', codeMessages.invalidCode);
  }
  if (verdict === 'expired') throw new HttpError('CODE_EXPIRED', codeMessages.expiredCode);
  if (verdict === 'too-many-tries')
    throw new HttpError('TOO_MANY_CODE_ATTEMPTS', codeMessages.tooManyCodeAttempts);
  throw new HttpError(
    'TOO_MANY_CODE_ATTEMPTS',
    tooManyCodesThisHourMessage(Math.max(1, minutesUntilHourEnds(stored))),
  );
}

/** Judges a code before it is compared, so a blocked code is refused even when right. */
export function judgeCode(stored: StoredCode, submittedHash: string, now = Date.now()): CodeVerdict {
  if (minutesUntilHourEnds(stored, now) > 0) return 'too-many-this-hour';
  if (stored.failed_attempts >= CODE_MAX_WRONG_TRIES) return 'too-many-tries';
  if (stored.expires_at.getTime() <= now) return 'expired';
  return matchesHash(submittedHash, stored.code_hash) ? 'valid' : 'wrong';
}

/** Minutes left before more codes may be tried, when the hour's wrong codes are used up; else 0. */
export function minutesUntilHourEnds(stored: HourCount, now = Date.now()): number {
  if (stored.hour_failures < CODE_MAX_WRONG_PER_HOUR || !stored.hour_started_at) return 0;
  const left = stored.hour_started_at.getTime() + HOUR_MS - now;
  return left > 0 ? Math.ceil(left / MINUTE_MS) : 0;
}

/** What a wrong code changes, in one statement so concurrent guesses cannot undercount. */
export function wrongCodeChanges() {
  const inHour = sql<boolean>`coalesce(hour_started_at > now() - interval '1 hour', false)`;
  return {
    failed_attempts: sql<number>`failed_attempts + 1`,
    hour_failures: sql<number>`CASE WHEN ${inHour} THEN hour_failures + 1 ELSE 1 END`,
    hour_started_at: sql<Date>`CASE WHEN ${inHour} THEN hour_started_at ELSE now() END`,
  };
}

/** Seconds until another code may be sent, or 0. */
export function secondsUntilResend(sentAt: Date, now = Date.now()): number {
  return Math.max(0, Math.ceil((sentAt.getTime() + CODE_RESEND_LOCK_SECONDS * 1000 - now) / 1000));
}

export function codeExpiry(now = Date.now()): Date {
  return new Date(now + CODE_TTL_MINUTES * MINUTE_MS);
}
