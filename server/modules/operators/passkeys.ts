// Operators' passkeys (WebAuthn, issue 30 point 4): a second factor beside the authenticator app, added
// and removed in Account and offered at sign-in after the password. @simplewebauthn/server writes the
// options and checks the browser's answers (signature, origin, RP ID, user presence); this file keeps
// the challenges server-side (five minutes, used once: deleted as they are checked) and the credentials
// with their signature counters. RP ID and origin come from configuration (WEBAUTHN_RP_ID,
// WEBAUTHN_ORIGIN, else PUBLIC_URL).
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type Kysely, sql } from 'kysely';
import type { Passkey, WebAuthnCredential } from '../../../contract/operators';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';

const RP_NAME = 'Tapnet';
const CHALLENGE_TTL_MINUTES = 5;
/** Passkeys one operator may have: a laptop, a phone and spare keys, not a table that grows without end. */
export const MAX_PASSKEYS = 10;

export const passkeyMessages = {
  invalid: 'This passkey could not be used. Please try again, or use a code from your authenticator app.',
  notFound: 'This passkey was not found. It may have been removed already.',
  limit: `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.`,
} as const;

type Purpose = 'register' | 'sign-in';

function invalid(): HttpError {
  return new HttpError('PASSKEY_INVALID', passkeyMessages.invalid);
}

function atLimit(): HttpError {
  return new HttpError('PASSKEY_LIMIT', passkeyMessages.limit);
}

export class Passkeys {
  constructor(private readonly ctx: AppContext) {}

  private get db(): Kysely<Database> {
    return this.ctx.db;
  }

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.db
      .selectFrom('operator_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
    }));
  }

  /** `db`: a transaction that counts them with what it holds. */
  async count(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    const { count } = await db
      .selectFrom('operator_passkeys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async registrationOptions(userId: string) {
    const [{ email }, existing] = await Promise.all([
      this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
      this.#credentials(userId),
    ]);
    if (existing.length >= MAX_PASSKEYS) throw atLimit();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.ctx.config.webauthn.rpId,
      userName: email,
      userID: new TextEncoder().encode(userId),
      attestationType: 'none',
      // The same authenticator is not added twice.
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.#keepChallenge(userId, 'register', options.challenge);
    return options;
  }

  async register(userId: string, name: string, credential: WebAuthnCredential): Promise<void> {
    const { webauthn } = this.ctx.config;
    const verification = await verifyRegistrationResponse({
      // The contract checks the outline; the library reads the rest and refuses what does not fit.
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: (challenge) => this.#spendChallenge(userId, 'register', challenge),
      expectedOrigin: webauthn.origin,
      expectedRPID: webauthn.rpId,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) throw invalid();
    const { credential: created } = verification.registrationInfo;
    const added = await this.db.transaction().execute(async (trx) => {
      // Counted again, with the operator's row held: options asked for in two tabs at once each passed
      // the first count, and two registrations at once must not both take the last place.
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      if ((await this.count(userId, trx)) >= MAX_PASSKEYS) throw atLimit();
      return trx
        .insertInto('operator_passkeys')
        .values({
          credential_id: created.id,
          user_id: userId,
          name,
          public_key: created.publicKey,
          counter: created.counter,
          transports: (created.transports ?? []).join(','),
        })
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .returning('credential_id')
        .executeTakeFirst();
    });
    if (!added) throw invalid();
  }

  async remove(userId: string, passkeyId: string): Promise<void> {
    const removed = await this.db
      .deleteFrom('operator_passkeys')
      .where('user_id', '=', userId)
      .where('id', '=', passkeyId)
      .returning('id')
      .executeTakeFirst();
    if (!removed) throw new HttpError('PASSKEY_NOT_FOUND', passkeyMessages.notFound);
  }

  async signInOptions(userId: string) {
    const credentials = await this.#credentials(userId);
    const options = await generateAuthenticationOptions({
      rpID: this.ctx.config.webauthn.rpId,
      allowCredentials: credentials.map(({ id, transports }) => ({ id, transports })),
      userVerification: 'preferred',
    });
    await this.#keepChallenge(userId, 'sign-in', options.challenge);
    return options;
  }

  /** Accepts an answer signed by one of the operator's passkeys for a challenge given to them, once. */
  async verify(userId: string, credential: WebAuthnCredential): Promise<void> {
    const stored = (await this.#credentials(userId)).find(({ id }) => id === credential.id);
    if (!stored) throw invalid();
    const { webauthn } = this.ctx.config;
    const verification = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => this.#spendChallenge(userId, 'sign-in', challenge),
      expectedOrigin: webauthn.origin,
      expectedRPID: webauthn.rpId,
      credential: stored,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
    if (!verification.verified || !verification.authenticationInfo) throw invalid();
    await this.db
      .updateTable('operator_passkeys')
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: sql`now()` })
      .where('credential_id', '=', stored.id)
      .execute();
  }

  async #credentials(userId: string) {
    const rows = await this.db
      .selectFrom('operator_passkeys')
      .select(['credential_id', 'public_key', 'counter', 'transports'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      id: row.credential_id,
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.counter),
      transports: row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : undefined,
    }));
  }

  async #keepChallenge(userId: string, purpose: Purpose, challenge: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('operator_passkey_challenges')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
      await trx
        .insertInto('operator_passkey_challenges')
        .values({
          challenge,
          user_id: userId,
          purpose,
          expires_at: sql<Date>`now() + make_interval(mins => ${CHALLENGE_TTL_MINUTES})`,
        })
        .execute();
    });
  }

  /** True once for a challenge given to this operator for this purpose within its five minutes. */
  async #spendChallenge(userId: string, purpose: Purpose, challenge: string): Promise<boolean> {
    const spent = await this.db
      .deleteFrom('operator_passkey_challenges')
      .where('challenge', '=', challenge)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('challenge')
      .executeTakeFirst();
    return spent !== undefined;
  }
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
