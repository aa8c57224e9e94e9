// The account life cycle: registration, verification, sign-in, token rotation and password reset.
import type { Kysely } from 'kysely';
import type { LoginResponse, RefreshTokenResponse, Role, TokenPair } from '../../../contract/auth';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { passwordResetMail, verificationCodeMail } from '../../mail/templates';
import { type OperatorRole, REFRESH_TOKEN_TTL_SECONDS } from '../../tokens';
import { createStartingBusinessCard } from '../user/queries';
import * as queries from './queries';
import {
  createOpaqueToken,
  createVerificationCode,
  hashPassword,
  hashVerificationCode,
  matchesHash,
  sha256,
  verifyPassword,
} from './secrets';

export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_MAX_FAILED_ATTEMPTS = 5;
export const RESEND_LOCK_SECONDS = 30;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const LOGIN_LIMITS = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };
/** Two tabs, or a tab and the service worker, may refresh with the same token at once. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const MINUTE_MS = 60_000;

export const messages = {
  registered: 'Registration successful. Check your email for a 6-digit verification code.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidCode: 'Invalid verification code. Please check the code and try again.',
  expiredCode: 'This verification code has expired. Please request a new one.',
  tooManyCodeAttempts: 'Too many wrong codes. Please request a new verification code.',
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

function lockedMessage(lockedUntil: Date): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / MINUTE_MS));
  return `Account is locked after too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`;
}

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
        await queries.saveVerification(trx, id, this.hashCode(code), this.codeExpiry());
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError('EMAIL_TAKEN', messages.emailTaken);
      throw error;
    }
    await this.ctx.mailer.send(
      verificationCodeMail(input.email, input.name, code, VERIFICATION_CODE_TTL_MINUTES),
    );
    return messages.registered;
  }

  async verifyEmail(email: string, code: string): Promise<TokenPair> {
    const user = await queries.findUserByEmail(this.db, email);
    if (!user) throw new HttpError('INVALID_CODE', messages.invalidCode);
    if (user.is_verified) throw new HttpError('ALREADY_VERIFIED', messages.alreadyVerified);
    const verification = await queries.findVerification(this.db, user.id);
    if (!verification) throw new HttpError('CODE_EXPIRED', messages.expiredCode);
    if (verification.failed_attempts >= VERIFICATION_MAX_FAILED_ATTEMPTS) {
      throw new HttpError('TOO_MANY_CODE_ATTEMPTS', messages.tooManyCodeAttempts);
    }
    if (verification.expires_at.getTime() <= Date.now())
      throw new HttpError('CODE_EXPIRED', messages.expiredCode);
    if (!matchesHash(this.hashCode(code), verification.code_hash)) {
      const counted = await queries.countFailedVerification(this.db, user.id);
      const attempts = counted?.failed_attempts ?? VERIFICATION_MAX_FAILED_ATTEMPTS;
      throw attempts >= VERIFICATION_MAX_FAILED_ATTEMPTS
        ? new HttpError('TOO_MANY_CODE_ATTEMPTS', messages.tooManyCodeAttempts)
        : new HttpError('INVALID_CODE', messages.invalidCode);
    }
    await this.db.transaction().execute(async (trx) => {
      await queries.markVerified(trx, user.id);
      await queries.deleteVerification(trx, user.id);
      await queries.recordSuccessfulLogin(trx, user.id);
    });
    return this.issueTokenPair(user.id, user.role);
  }

  async resendVerificationCode(email: string): Promise<string> {
    const user = await queries.findUserByEmail(this.db, email);
    // Unknown and already-verified addresses get the same answer, so this cannot probe for accounts.
    if (!user || user.is_verified) return messages.codeSent;
    const previous = await queries.findVerification(this.db, user.id);
    if (previous) {
      const waitSeconds = Math.ceil(
        (previous.sent_at.getTime() + RESEND_LOCK_SECONDS * 1000 - Date.now()) / 1000,
      );
      if (waitSeconds > 0) {
        throw new HttpError(
          'RATE_LIMITED',
          `Please wait ${waitSeconds} seconds before requesting another code.`,
        );
      }
    }
    const code = createVerificationCode();
    await queries.saveVerification(this.db, user.id, this.hashCode(code), this.codeExpiry());
    await this.ctx.mailer.send(
      verificationCodeMail(user.email, user.name, code, VERIFICATION_CODE_TTL_MINUTES),
    );
    return messages.codeSent;
  }

  async login(email: string, password: string): Promise<LoginResponse> {
    const user = await this.checkPassword(email, password);
    if (user.role !== 'user') throw new HttpError('OPERATOR_ACCOUNT', messages.operatorUseDashboard);
    if (!user.is_verified) throw new HttpError('EMAIL_NOT_VERIFIED', messages.notVerified);
    return { ...(await this.issueTokenPair(user.id, user.role)), user: { id: user.id } };
  }

  async operatorLogin(email: string, password: string, role: OperatorRole): Promise<string> {
    const user = await this.checkPassword(email, password);
    if (user.role !== role) throw new HttpError('INVALID_CREDENTIALS', messages.invalidCredentials);
    return this.ctx.tokens.signOperatorToken(user.id, role);
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
          return 'reused' as const;
        }
      } else {
        await queries.markRefreshTokenReplaced(trx, stored.id_hash);
      }
      const user = await queries.findUserById(trx, stored.user_id);
      if (!user) return 'invalid' as const;
      const next = await this.storeRefreshToken(trx, user.id, stored.family_id);
      return { user, refreshToken: next };
    });
    if (outcome === 'invalid') throw new HttpError('REFRESH_TOKEN_INVALID', messages.invalidRefreshToken);
    if (outcome === 'reused') throw new HttpError('SESSION_ENDED', messages.refreshReuse);
    const accessToken = await this.ctx.tokens.signAccessToken({
      userId: outcome.user.id,
      role: outcome.user.role,
    });
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  async logout(refreshToken: string): Promise<void> {
    const claims = await this.ctx.tokens.verifyRefreshToken(refreshToken);
    if (claims) await queries.revokeRefreshFamily(this.db, claims.familyId);
  }

  async forgotPassword(email: string): Promise<string> {
    const user = await queries.findUserByEmail(this.db, email);
    if (user) {
      const token = createOpaqueToken();
      await queries.insertPasswordReset(
        this.db,
        user.id,
        sha256(token),
        new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS),
      );
      // The link comes from PUBLIC_URL, never from the request's Host header, which an attacker controls.
      const link = `${this.ctx.config.publicUrl}/reset-password/${token}`;
      await this.ctx.mailer.send(passwordResetMail(user.email, user.name, link, PASSWORD_RESET_TTL_MINUTES));
    }
    return messages.resetSent;
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
      return consumed;
    });
    if (!reset) throw new HttpError('RESET_LINK_INVALID', messages.invalidResetToken);
    return messages.resetDone;
  }

  async ensureOperator(role: OperatorRole, credentials: { email: string; password: string }): Promise<void> {
    await queries.upsertOperator(this.db, {
      name: role === 'admin' ? 'Administrator' : 'Security Operator',
      email: credentials.email.trim().toLowerCase(),
      passwordHash: await hashPassword(credentials.password),
      role,
    });
  }

  private async checkPassword(email: string, password: string) {
    const user = await queries.findUserByEmail(this.db, email);
    if (user?.locked_until && user.locked_until.getTime() > Date.now()) {
      throw new HttpError('ACCOUNT_LOCKED', lockedMessage(user.locked_until));
    }
    const isValid = await verifyPassword(user?.password_hash, password);
    if (!user || !isValid) {
      if (user) {
        const counted = await queries.recordFailedLogin(this.db, user.id, LOGIN_LIMITS);
        if (counted?.locked_until && counted.locked_until.getTime() > Date.now()) {
          throw new HttpError('ACCOUNT_LOCKED', lockedMessage(counted.locked_until));
        }
      }
      throw new HttpError('INVALID_CREDENTIALS', messages.invalidCredentials);
    }
    await queries.recordSuccessfulLogin(this.db, user.id);
    return user;
  }

  private async issueTokenPair(userId: string, role: Role): Promise<TokenPair> {
    const refreshToken = await this.storeRefreshToken(this.db, userId);
    const accessToken = await this.ctx.tokens.signAccessToken({ userId, role });
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
    return signed.token;
  }

  private hashCode(code: string): string {
    return hashVerificationCode(code, this.ctx.codeKey);
  }

  private codeExpiry(): Date {
    return new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * MINUTE_MS);
  }
}
