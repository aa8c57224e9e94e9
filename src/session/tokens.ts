// The rules that say whether a token may be used (spec §4 Session token, §5); where tokens are kept is
// token-store.ts.
import { isWellFormedToken } from '../../contract/token-shape';

/** A token whose expiry is this close counts as expired, so it never dies in flight. */
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;

export { isWellFormedToken };

function decodeTokenPayload(token: string): unknown {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    return JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
  } catch {
    return undefined;
  }
}

/** Expired when missing, undecodable, without `exp`, or expiring within the margin. */
export function isTokenExpired(token: string | null | undefined, now = Date.now()): boolean {
  if (!token || !isWellFormedToken(token)) return true;
  const payload = decodeTokenPayload(token);
  if (typeof payload !== 'object' || payload === null || !('exp' in payload)) return true;
  const { exp } = payload;
  if (typeof exp !== 'number') return true;
  return exp * 1000 - now <= TOKEN_EXPIRY_MARGIN_MS;
}

/** The member the token was issued to (its `sub`), or null when it has none. */
export function readTokenSubject(token: string | null | undefined): string | null {
  if (!token || !isWellFormedToken(token)) return null;
  const payload = decodeTokenPayload(token);
  if (typeof payload !== 'object' || payload === null || !('sub' in payload)) return null;
  return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
}
