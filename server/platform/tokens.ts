// JWTs: member access tokens, rotating refresh tokens and operator tokens, each with its own audience.
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../contract/auth';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const OPERATOR_TOKEN_TTL_SECONDS = 8 * 60 * 60;

const ISSUER = 'tapnet';
const AUDIENCE = {
  member: 'tapnet:member',
  refresh: 'tapnet:refresh',
  admin: 'tapnet:admin',
  security: 'tapnet:security',
} as const;

export type OperatorRole = Exclude<Role, 'user'>;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The member session (refresh-token family) the token was issued in; absent in older tokens. */
  sessionId?: string | undefined;
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
   * Member access tokens already verified, until they expire: an open app sends the same token every
   * 25 s for its 15 minutes, and checking its signature again (WebCrypto's HMAC) was a fifth of a
   * 304's CPU. Only a token that passed verification is kept, keyed by its exact text.
   */
  readonly #verifiedAccess = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

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

  signOperatorToken(userId: string, role: OperatorRole): Promise<string> {
    return this.#sign({ role }, userId, AUDIENCE[role], OPERATOR_TOKEN_TTL_SECONDS);
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

  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const now = Date.now();
    const known = this.#verifiedAccess.get(token);
    if (known && now < known.expiresAtMs) return known.claims;
    const payload = await this.#verify(token, AUDIENCE.member);
    if (!payload) return null;
    const claims = { userId: payload.sub, role: payload.role, sessionId: payload.sid };
    if (payload.exp !== undefined) this.#rememberAccess(token, claims, payload.exp * 1000, now);
    return claims;
  }

  #rememberAccess(token: string, claims: AccessClaims, expiresAtMs: number, now: number): void {
    const verified = this.#verifiedAccess;
    if (verified.size >= VERIFIED_TOKENS_LIMIT) {
      for (const [key, { expiresAtMs: expiry }] of verified) if (expiry <= now) verified.delete(key);
      if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.delete(verified.keys().next().value ?? '');
    }
    verified.set(token, { claims, expiresAtMs });
  }

  async verifyOperatorToken(token: string, role: OperatorRole): Promise<string | null> {
    const payload = await this.#verify(token, AUDIENCE[role]);
    return payload?.role === role ? payload.sub : null;
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
    claims: { role: Role; sid?: string },
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

  async #verify(
    token: string,
    audience: string,
  ): Promise<{ sub: string; role: Role; sid: string | undefined; exp: number | undefined } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
      });
      const role = payload.role;
      if (!payload.sub || (role !== 'user' && role !== 'admin' && role !== 'security')) return null;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      return { sub: payload.sub, role, sid, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
