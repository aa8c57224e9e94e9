// An operator's second factor (issue 30 point 4): enrolling an authenticator app (a secret confirmed by
// its first code, ten recovery codes shown once and kept hashed) and checking a code at sign-in. A TOTP
// code is accepted once: the step it was accepted for is stored, and the same or an earlier step's code
// is refused from then on; a recovery code is spent when used.
import { createHmac, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { RECOVERY_CODE_COUNT, type SecondFactorStatus } from '../../../contract/operators';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { FactorSecrets } from './factor-secrets';
import { base32Encode, createTotpSecret, matchingStep, otpauthUri } from './totp';

const ISSUER = 'Tapnet';
/** 50 bits each, written in the base32 alphabet (no 0/O or 1/I to misread). */
const RECOVERY_CODE_BYTES = 7;
const RECOVERY_CODE_LENGTH = 10;

export const secondFactorMessages = {
  invalid:
    'That code is not right, or was already used. Enter the current code from your authenticator app or an unused recovery code.',
  notStarted: 'Start setting up the authenticator app again.',
  expired: 'Your sign-in took too long. Please sign in again.',
} as const;

/** As the operator sees it: two groups of five, lower case. */
function createRecoveryCode(): string {
  const code = base32Encode(randomBytes(RECOVERY_CODE_BYTES)).slice(0, RECOVERY_CODE_LENGTH).toLowerCase();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export class SecondFactors {
  readonly #secrets: FactorSecrets;

  constructor(private readonly ctx: AppContext) {
    this.#secrets = new FactorSecrets(ctx.codeKey);
  }

  private get db(): Kysely<Database> {
    return this.ctx.db;
  }

  /** Recovery codes are random, so a keyed hash (not a slow one) keeps them: the key is not in the database. */
  #hashRecoveryCode(userId: string, code: string): string {
    return createHmac('sha256', this.ctx.codeKey)
      .update(`recovery-code:${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
      .digest('hex');
  }

  /** Whether the operator has an authenticator app set up. */
  async hasTotp(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('operator_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('totp_secret', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether sign-in asks a second step: an authenticator app, or a passkey (passkeys.ts). */
  async isEnrolled(userId: string): Promise<boolean> {
    if (await this.hasTotp(userId)) return true;
    const passkey = await this.db
      .selectFrom('operator_passkeys')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return passkey !== undefined;
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const { count } = await this.db
      .selectFrom('operator_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    const { passkeys } = await this.db
      .selectFrom('operator_passkeys')
      .select((eb) => eb.fn.countAll<string>().as('passkeys'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      enrolled: await this.hasTotp(userId),
      recoveryCodesLeft: Number(count),
      passkeys: Number(passkeys),
      required: this.ctx.config.operatorSecondFactor === 'required',
    };
  }

  /** A new secret, kept as pending until its first code confirms it; an enrolled one stays in use till then. */
  async startEnrolment(userId: string): Promise<{ secret: string; otpauthUri: string }> {
    const { email } = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const secret = createTotpSecret();
    const sealed = this.#secrets.seal(userId, secret);
    await this.db
      .insertInto('operator_factors')
      .values({ user_id: userId, pending_secret: sealed })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ pending_secret: sealed }))
      .execute();
    return { secret, otpauthUri: otpauthUri(secret, ISSUER, email) };
  }

  /** Makes the pending secret the operator's factor, with ten new recovery codes (answered once). */
  async confirmEnrolment(userId: string, code: string, atMs: number): Promise<string[]> {
    const factor = await this.db
      .selectFrom('operator_factors')
      .select('pending_secret')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!factor?.pending_secret)
      throw new HttpError('ENROLMENT_NOT_STARTED', secondFactorMessages.notStarted);
    const step = matchingStep(this.#secrets.open(userId, factor.pending_secret), code, atMs, null);
    if (step === null) throw new HttpError('SECOND_FACTOR_INVALID', secondFactorMessages.invalid);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
    await this.db.transaction().execute(async (trx) => {
      const confirmed = await trx
        .updateTable('operator_factors')
        .set({
          totp_secret: factor.pending_secret,
          pending_secret: null,
          last_used_step: step,
          confirmed_at: sql`now()`,
        })
        .where('user_id', '=', userId)
        .where('pending_secret', '=', factor.pending_secret)
        .returning('user_id')
        .executeTakeFirst();
      // Another confirmation, or a new start, came first.
      if (!confirmed) throw new HttpError('ENROLMENT_NOT_STARTED', secondFactorMessages.notStarted);
      await trx.deleteFrom('operator_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('operator_recovery_codes')
        .values(codes.map((one) => ({ user_id: userId, code_hash: this.#hashRecoveryCode(userId, one) })))
        .execute();
    });
    return codes;
  }

  /** Accepts a current TOTP code not used before, or an unused recovery code (spending it). */
  async verify(userId: string, code: string, atMs: number): Promise<void> {
    const isAccepted = /^\d+$/.test(code)
      ? await this.#acceptTotp(userId, code, atMs)
      : await this.#spendRecoveryCode(userId, code);
    if (!isAccepted) throw new HttpError('SECOND_FACTOR_INVALID', secondFactorMessages.invalid);
  }

  async #acceptTotp(userId: string, code: string, atMs: number): Promise<boolean> {
    const factor = await this.db
      .selectFrom('operator_factors')
      .select(['totp_secret', 'last_used_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!factor?.totp_secret) return false;
    const lastUsed = factor.last_used_step === null ? null : Number(factor.last_used_step);
    const step = matchingStep(this.#secrets.open(userId, factor.totp_secret), code, atMs, lastUsed);
    if (step === null) return false;
    // Two sign-ins with the same code at once: only one moves the step.
    const accepted = await this.db
      .updateTable('operator_factors')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]))
      .returning('user_id')
      .executeTakeFirst();
    return accepted !== undefined;
  }

  async #spendRecoveryCode(userId: string, code: string): Promise<boolean> {
    const spent = await this.db
      .updateTable('operator_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', this.#hashRecoveryCode(userId, code))
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return spent !== undefined;
  }
}
