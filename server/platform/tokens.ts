// JWTs: member access tokens, rotating refresh tokens and operator tokens, each with its own audience.
import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/auth';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const OPERATOR_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** Between an operator's password and their second factor: long enough to open the authenticator app. */
export const SECOND_FACTOR_TOKEN_TTL_SECONDS = 5 * 60;

const ISSUER = 'tapnet';
const AUDIENCE = {
  member: 'tapnet:member',
  refresh: 'tapnet:refresh',
  admin: 'tapnet:admin',
  security: 'tapnet:security',
  secondFactor: 'tapnet:second-factor',
} as const;

export type OperatorRole = Exclude<Role, 'user'>;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The member or operator session the token was issued in; absent in older tokens. */
  sessionId?: string | undefined;
  /** An operator who must enrol a second factor first: the token admits the enrolment only. */
  mustEnrol?: boolean;
}

/** Who a bearer token speaks for: a member (role user) or an operator of one area. */
export interface Caller extends AccessClaims {
  /** Signed by us, but its time ran out: the app is about to refresh it, nobody is probing. */
  isExpired: boolean;
}

const AUDIENCE_ROLE: Record<string, Role> = {
  [AUDIENCE.member]: 'user',
  [AUDIENCE.admin]: 'admin',
  [AUDIENCE.security]: 'security',
};

/** The caller a verified payload names; null unless its audience and role agree. */
function callerOf(payload: JWTPayload, isExpired: boolean): Caller | null {
  const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  const role = audience === undefined ? undefined : AUDIENCE_ROLE[audience];
  if (!payload.sub || role === undefined || payload.role !== role) return null;
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  return {
    userId: payload.sub,
    role,
    sessionId,
    ...(payload.enrol === true && { mustEnrol: true }),
    isExpired,
  };
}

export interface RefreshClaims {
  userId: string;
  tokenId: string;
  familyId: string;
}

/** Past this many remembered access tokens, the expired ones are dropped, then the oldest. */
const VERIFIED_TOKENS_LIMIT = 20_000;

export class TokenService {
  /**
   * Imported once: given the raw bytes, jose imports the key again for every sign and verify, which
   * was half the cost of an authenticated request (bench/contacts-revalidation.ts).
   */
  readonly #key: Promise<CryptoKey>;

  /**
   * Access and operator tokens already verified, until they expire: an open app sends the same token every
   * 25 s for its 15 minutes, and checking its signature again (WebCrypto's HMAC) was a fifth of a
   * 304's CPU. Only a token that passed verification is kept, keyed by its exact text.
   */
  readonly #verifiedCallers = new Map<string, { caller: Caller; expiresAtMs: number }>();

  constructor(secret: string) {
    this.#key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  signAccessToken({ userId, role, sessionId }: AccessClaims): Promise<string> {
    const claims = sessionId ? { role, sid: sessionId } : { role };
    return this.#sign(claims, userId, AUDIENCE.member, ACCESS_TOKEN_TTL_SECONDS);
  }

  signOperatorToken(
    userId: string,
    role: OperatorRole,
    sessionId: string,
    { mustEnrol = false }: { mustEnrol?: boolean } = {},
  ): Promise<string> {
    const claims = mustEnrol ? { role, sid: sessionId, enrol: true as const } : { role, sid: sessionId };
    return this.#sign(claims, userId, AUDIENCE[role], OPERATOR_TOKEN_TTL_SECONDS);
  }

  /** Proves the operator's password was right a moment ago; it is accepted by the second step only. */
  signSecondFactorToken(userId: string, role: OperatorRole): Promise<string> {
    return this.#sign({ role }, userId, AUDIENCE.secondFactor, SECOND_FACTOR_TOKEN_TTL_SECONDS);
  }

  /** The operator a second-factor token names, if it is ours, current and for `role`. */
  async verifySecondFactorToken(token: string, role: OperatorRole): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE.secondFactor,
        algorithms: ['HS256'],
      });
      return payload.sub && payload.role === role ? payload.sub : null;
    } catch {
      return null;
    }
  }

  /** A new refresh token id; the caller stores its hash before handing the token out. */
  async signRefreshToken(
    userId: string,
    familyId: string = randomUUID(),
  ): Promise<{ token: string } & RefreshClaims> {
    const tokenId = randomUUID();
    const token = await new SignJWT({ fam: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE.refresh)
      .setSubject(userId)
      .setJti(tokenId)
      .setIssuedAt()
      .setExpirationTime(`${REFRESH_TOKEN_TTL_SECONDS}s`)
      .sign(await this.#key);
    return { token, userId, tokenId, familyId };
  }

  /**
   * The account behind an access or operator token, whichever area it is for: checked once per request
   * (server/platform/security/identity.ts), and the areas' guards read the answer.
   */
  /** The caller of a token that passed `verifyCaller` and has not expired since, from memory alone. */
  knownCaller(token: string): Caller | undefined {
    const known = this.#verifiedCallers.get(token);
    return known && Date.now() < known.expiresAtMs ? known.caller : undefined;
  }

  async verifyCaller(token: string): Promise<Caller | null> {
    const known = this.knownCaller(token);
    if (known) return known;
    const now = Date.now();
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience: [AUDIENCE.member, AUDIENCE.admin, AUDIENCE.security],
        algorithms: ['HS256'],
      });
      const caller = callerOf(payload, false);
      if (caller && payload.exp !== undefined) this.#rememberCaller(token, caller, payload.exp * 1000, now);
      return caller;
    } catch (error) {
      // jose checks the signature before the times, so an expired token's claims are still ours.
      if (error instanceof errors.JWTExpired && error.payload.iss === ISSUER)
        return callerOf(error.payload, true);
      return null;
    }
  }

  #rememberCaller(token: string, caller: Caller, expiresAtMs: number, now: number): void {
    const verified = this.#verifiedCallers;
    if (verified.size >= VERIFIED_TOKENS_LIMIT) {
      for (const [key, { expiresAtMs: expiry }] of verified) if (expiry <= now) verified.delete(key);
      if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.delete(verified.keys().next().value ?? '');
    }
    verified.set(token, { caller, expiresAtMs });
  }

  async verifyRefreshToken(token: string): Promise<RefreshClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE.refresh,
        algorithms: ['HS256'],
      });
      if (!payload.sub || !payload.jti || typeof payload.fam !== 'string') return null;
      return { userId: payload.sub, tokenId: payload.jti, familyId: payload.fam };
    } catch {
      return null;
    }
  }

  async #sign(
    claims: { role: Role; sid?: string; enrol?: true },
    subject: string,
    audience: string,
    ttlSeconds: number,
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.#key);
  }
}
