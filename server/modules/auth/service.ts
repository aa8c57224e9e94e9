// The account life cycle: registration, verification, sign-in, token rotation and password reset.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginResponse, RefreshTokenResponse, Role, TokenPair } from '../../../contract/auth';
import { DISABLED_ACCOUNT_MESSAGE, isDisabled } from '../../platform/account-standing';
import type { AppContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/errors';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import {
  loginAttemptsAlertMail,
  passwordResetMail,
  verificationCodeMail,
} from '../../platform/mail/templates';
import { addressFingerprint } from '../../platform/security/address';
import { MINUTE_MS } from '../../platform/time';
import { type OperatorRole, REFRESH_TOKEN_TTL_SECONDS } from '../../platform/tokens';
import { createCardLink, createStartingBusinessCard } from '../cards';
import { endOpenSessions, endSessions, insertSession, type SessionClient } from '../sessions';
import { CODE_TTL_MINUTES, checkCode, codeExpiry, codeMessages, secondsUntilResend } from './codes';
import * as queries from './queries';
import {
  createOpaqueToken,
  createVerificationCode,
  hashPassword,
  hashVerificationCode,
  sha256,
  verifyPassword,
} from './secrets';

export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Wrong passwords from one address lock that address (only) out of the account. */
export const LOGIN_LIMITS = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };
/**
 * Wrong passwords from everywhere never lock the account, so nobody can keep its owner out: past the
 * budget (two addresses' worth) they space its sign-in out, at most a minute, and tell the owner once a day.
 */
export const ACCOUNT_LOGIN_LIMITS = {
  freeFailures: 20,
  windowMinutes: 15,
  maxDelaySeconds: 60,
  alertEveryHours: 24,
};
/** Two tabs, or a tab and the service worker, may refresh with the same token at once. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export const messages = {
  registered: 'Registration successful. Check your email for a 6-digit verification code.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  ...codeMessages,
  alreadyVerified: 'This email is already verified. Please log in.',
  codeSent: 'If this email needs verifying, a new verification code has been sent.',
  invalidCredentials: 'Invalid email or password',
  notVerified: 'Please verify your email before logging in',
  operatorUseDashboard: 'Operator accounts sign in on their own dashboard.',
  invalidRefreshToken: 'Invalid or expired refresh token',
  refreshReuse: 'This session has ended. Please log in again.',
  resetSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  invalidResetToken: 'This reset link is invalid or has expired. Please request a new one.',
} as const;

function throttledMessage(until: Date): string {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return `Too many failed sign-in attempts on this account. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

function lockedMessage(lockedUntil: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / MINUTE_MS));
  return `Account is locked after too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`;
}

/** The name an operator account carries, by role. */
export const OPERATOR_NAMES = { admin: 'Administrator', security: 'Security Operator' } as const;

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  private get db(): Kysely<Database> {
    return this.ctx.db;
  }

  async register(input: {
    name: string;
    email: string;
    password: string;
    dateOfBirth: string;
  }): Promise<string> {
    if (await queries.findUserByEmail(this.db, input.email))
      throw new HttpError('EMAIL_TAKEN', messages.emailTaken);
    const passwordHash = await hashPassword(input.password);
    const code = createVerificationCode();
    try {
      await this.db.transaction().execute(async (trx) => {
        const { id } = await queries.insertUser(trx, {
          name: input.name,
          email: input.email,
          passwordHash,
          dateOfBirth: input.dateOfBirth,
        });
        await createStartingBusinessCard(trx, id, { name: input.name, email: input.email });
        await createCardLink(trx, id);
        await queries.saveVerification(trx, id, this.hashCode(code), codeExpiry());
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', messages.emailTaken);
      throw error;
    }
    await this.ctx.mailer.send(verificationCodeMail(input.email, input.name, code, CODE_TTL_MINUTES));
    return messages.registered;
  }

  /** `address`: the client's address key, remembered as one the member signs in from. */
  async verifyEmail(email: string, code: string, address: string, client: SessionClient): Promise<TokenPair> {
    const user = await queries.findUserByEmail(this.db, email);
    if (!user) throw new HttpError('INVALID_CODE', messages.invalidCode);
    if (user.is_verified) throw new HttpError('ALREADY_VERIFIED', messages.alreadyVerified);
    const verification = await queries.findVerification(this.db, user.id);
    if (!verification) throw new HttpError('CODE_EXPIRED', messages.expiredCode);
    await checkCode(verification, this.hashCode(code), () =>
      queries.countFailedVerification(this.db, user.id),
    );
    await this.db.transaction().execute(async (trx) => {
      await queries.markVerified(trx, user.id);
      await queries.deleteVerification(trx, user.id);
      await queries.recordSuccessfulLogin(trx, user.id);
      await queries.rememberSignInAddress(trx, user.id, addressFingerprint(address, this.ctx.codeKey));
    });
    return this.issueTokenPair(user.id, user.role, client);
  }

  async resendVerificationCode(email: string): Promise<string> {
    const user = await queries.findUserByEmail(this.db, email);
    // Unknown and already-verified addresses get the same answer, so this cannot probe for accounts.
    if (!user || user.is_verified) return messages.codeSent;
    const previous = await queries.findVerification(this.db, user.id);
    if (previous) {
      const waitSeconds = secondsUntilResend(previous.sent_at);
      if (waitSeconds > 0) {
        throw new HttpError(
          'RATE_LIMITED',
          `Please wait ${waitSeconds} seconds before requesting another code.`,
        );
      }
    }
    const code = createVerificationCode();
    await queries.saveVerification(this.db, user.id, this.hashCode(code), codeExpiry());
    await this.ctx.mailer.send(verificationCodeMail(user.email, user.name, code, CODE_TTL_MINUTES));
    return messages.codeSent;
  }

  /**
   * `address`: the client's address key (server/security/identity.ts), which a lock out of the account
   * is kept for and which is remembered as one the member signs in from.
   */
  async login(
    email: string,
    password: string,
    address: string,
    client: SessionClient,
  ): Promise<LoginResponse> {
    const user = await this.checkPassword(email, password, address);
    if (user.role !== 'user') throw new HttpError('OPERATOR_ACCOUNT', messages.operatorUseDashboard);
    if (!user.is_verified) throw new HttpError('EMAIL_NOT_VERIFIED', messages.notVerified);
    if (isDisabled(user)) throw new HttpError('ACCOUNT_DISABLED', DISABLED_ACCOUNT_MESSAGE);
    await queries.rememberSignInAddress(this.db, user.id, addressFingerprint(address, this.ctx.codeKey));
    return { ...(await this.issueTokenPair(user.id, user.role, client)), user: { id: user.id } };
  }

  /** The operator of `role` whose password this is; the second factor and the session are the operators module's. */
  async checkOperatorPassword(
    email: string,
    password: string,
    role: OperatorRole,
    address: string,
  ): Promise<string> {
    const user = await this.checkPassword(email, password, address);
    if (user.role !== role) throw new HttpError('INVALID_CREDENTIALS', messages.invalidCredentials);
    return user.id;
  }

  async refresh(refreshToken: string): Promise<RefreshTokenResponse> {
    const claims = await this.ctx.tokens.verifyRefreshToken(refreshToken);
    if (!claims) throw new HttpError('REFRESH_TOKEN_INVALID', messages.invalidRefreshToken);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const stored = await queries.findRefreshTokenForUpdate(trx, sha256(claims.tokenId));
      if (!stored || stored.revoked_at || stored.user_id !== claims.userId) return 'invalid' as const;
      if (stored.replaced_at) {
        const sinceReplaced = Date.now() - stored.replaced_at.getTime();
        if (sinceReplaced > REFRESH_REUSE_GRACE_SECONDS * 1000) {
          await queries.revokeRefreshFamily(trx, stored.family_id);
          await endSessions(trx, { sessionId: stored.family_id }, 'revoked');
          return 'reused' as const;
        }
      } else {
        await queries.markRefreshTokenReplaced(trx, stored.id_hash);
      }
      const user = await queries.findUserById(trx, stored.user_id);
      if (!user || isDisabled(user)) return 'invalid' as const;
      const next = await this.storeRefreshToken(trx, user.id, stored.family_id);
      return { user, refreshToken: next.token, sessionId: stored.family_id };
    });
    if (outcome === 'invalid') throw new HttpError('REFRESH_TOKEN_INVALID', messages.invalidRefreshToken);
    if (outcome === 'reused') throw new HttpError('SESSION_ENDED', messages.refreshReuse);
    const accessToken = await this.ctx.tokens.signAccessToken({
      userId: outcome.user.id,
      role: outcome.user.role,
      sessionId: outcome.sessionId,
    });
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  async logout(refreshToken: string): Promise<void> {
    const claims = await this.ctx.tokens.verifyRefreshToken(refreshToken);
    if (!claims) return;
    await queries.revokeRefreshFamily(this.db, claims.familyId);
    await endSessions(this.db, { sessionId: claims.familyId }, 'logout');
  }

  /**
   * Answers before anything is looked up or written: storing a reset and its mail costs a flushed commit
   * that an unknown address would not, and that difference told the two apart (security-review-2
   * §2.11). A failure is logged; the member can ask again.
   */
  forgotPassword(email: string, log: FastifyBaseLogger): string {
    // After the answer has gone out: embedded PGlite runs its queries on this thread.
    setImmediate(() =>
      this.storePasswordReset(email).catch((error: unknown) =>
        log.error({ err: error }, 'a password reset could not be stored; the member can ask again'),
      ),
    );
    return messages.resetSent;
  }

  private async storePasswordReset(email: string): Promise<void> {
    const user = await queries.findUserByEmail(this.db, email);
    if (!user) return;
    const token = createOpaqueToken();
    // The link comes from PUBLIC_URL, never from the request's Host header, which an attacker controls.
    const link = `${this.ctx.config.publicUrl}/reset-password/${token}`;
    await this.db.transaction().execute(async (trx) => {
      await queries.insertPasswordReset(
        trx,
        user.id,
        sha256(token),
        new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS),
      );
      await this.ctx.mailer.send(
        passwordResetMail(user.email, user.name, link, PASSWORD_RESET_TTL_MINUTES),
        trx,
      );
    });
    // The mail row is visible now that its transaction has committed.
    this.ctx.mailer.wake();
  }

  async resetPassword(token: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    const reset = await this.db.transaction().execute(async (trx) => {
      const consumed = await queries.consumePasswordReset(trx, sha256(token));
      if (!consumed) return undefined;
      await queries.setPassword(trx, consumed.user_id, passwordHash);
      // The reset link proved the address, and every old session ends with the old password.
      await queries.markVerified(trx, consumed.user_id);
      await queries.revokeAllRefreshTokens(trx, consumed.user_id);
      await endSessions(trx, { userId: consumed.user_id }, 'revoked');
      return consumed;
    });
    if (!reset) throw new HttpError('RESET_LINK_INVALID', messages.invalidResetToken);
    return messages.resetDone;
  }

  /** A changed password ends the operator's sessions: whoever signed in with the old one is out. */
  async ensureOperator(role: OperatorRole, credentials: { email: string; password: string }): Promise<void> {
    const email = credentials.email.trim().toLowerCase();
    const existing = await queries.findUserByEmail(this.db, email);
    await queries.upsertOperator(this.db, {
      name: OPERATOR_NAMES[role],
      email,
      passwordHash: await hashPassword(credentials.password),
      role,
    });
    if (existing && !(await verifyPassword(existing.password_hash, credentials.password))) {
      await endOpenSessions(this.ctx, 'operator_sessions', existing.id, {});
    }
  }

  private async checkPassword(email: string, password: string, address: string) {
    const user = await queries.findUserByEmail(this.db, email);
    if (user) {
      const standing = await queries.findAddressStanding(
        this.db,
        user.id,
        address,
        ACCOUNT_LOGIN_LIMITS.windowMinutes,
      );
      if (standing.lockedUntil) throw new HttpError('ACCOUNT_LOCKED', lockedMessage(standing.lockedUntil));
      // The slow-down holds back the addresses that guessed wrong, never the owner's: an address with
      // no recent failure has its password checked (one wrong guess and it is held back too).
      const throttledUntil = user.login_throttled_until;
      if (throttledUntil && throttledUntil.getTime() > Date.now() && standing.hasRecentFailures) {
        throw new HttpError('RATE_LIMITED', throttledMessage(throttledUntil));
      }
    }
    const isValid = await verifyPassword(user?.password_hash, password);
    if (!user || !isValid) {
      if (user) await this.recordFailedLogin(user, address);
      throw new HttpError('INVALID_CREDENTIALS', messages.invalidCredentials);
    }
    await queries.recordSuccessfulLogin(this.db, user.id, address);
    return user;
  }

  private async recordFailedLogin(user: { id: string; email: string; name: string }, address: string) {
    const account = await queries.recordAccountLoginFailure(this.db, user.id, ACCOUNT_LOGIN_LIMITS);
    if (account?.isAlertDue) {
      const link = `${this.ctx.config.publicUrl}/forgot-password`;
      await this.ctx.mailer.send(loginAttemptsAlertMail(user.email, user.name, link));
    }
    const { locked_until } = await queries.recordFailedLoginFrom(this.db, user.id, address, LOGIN_LIMITS);
    if (locked_until && locked_until.getTime() > Date.now()) {
      throw new HttpError('ACCOUNT_LOCKED', lockedMessage(locked_until));
    }
  }

  /** A sign-in: a new refresh family, which is also the member session the dashboard counts. */
  private async issueTokenPair(userId: string, role: Role, client: SessionClient): Promise<TokenPair> {
    const { token: refreshToken, familyId } = await this.storeRefreshToken(this.db, userId);
    await insertSession(this.db, { id: familyId, userId, client });
    const accessToken = await this.ctx.tokens.signAccessToken({ userId, role, sessionId: familyId });
    return { accessToken, refreshToken, role };
  }

  private async storeRefreshToken(
    db: Parameters<typeof queries.insertRefreshToken>[0],
    userId: string,
    familyId?: string,
  ) {
    const signed = await this.ctx.tokens.signRefreshToken(userId, familyId);
    await queries.insertRefreshToken(db, {
      idHash: sha256(signed.tokenId),
      familyId: signed.familyId,
      userId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return { token: signed.token, familyId: signed.familyId };
  }

  private hashCode(code: string): string {
    return hashVerificationCode(code, this.ctx.codeKey);
  }
}

/** The operators the configuration names (ADMIN_*, SECURITY_*) exist with those passwords. */
/** For the start-up summary: which operators can sign in, by e-mail (none: the dashboards are shut). */
export async function operatorFacts(ctx: AppContext): Promise<Record<string, string>> {
  const operators = await queries.listOperators(ctx.db);
  return {
    operators:
      operators.length === 0
        ? 'none (set ADMIN_EMAIL and ADMIN_PASSWORD, SECURITY_EMAIL and SECURITY_PASSWORD)'
        : operators.map((operator) => `${operator.email} (${operator.role})`).join(', '),
  };
}

export async function ensureOperators(ctx: AppContext): Promise<void> {
  const auth = new AuthService(ctx);
  const { admin, security } = ctx.config.operators;
  if (admin) await auth.ensureOperator('admin', admin);
  if (security) await auth.ensureOperator('security', security);
}
