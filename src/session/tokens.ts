// Access and refresh tokens in storage, and the rules that say whether one may be used (spec §4, §5).
import { isWellFormedToken } from '../../contract/fields';
import { writeAuthMirror } from '../db/auth-mirror';
import { StorageKeys } from './storage-keys';

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

export function readAccessToken(): string | null {
  return localStorage.getItem(StorageKeys.token);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(StorageKeys.refreshToken);
}

export function storeAccessToken(token: string): void {
  localStorage.setItem(StorageKeys.token, token);
  mirrorStoredTokens();
}

/** Stores a refresh token only when it is well-formed (spec §4): a broken one would only fail later. */
export function storeRefreshToken(token: string | undefined): void {
  if (isWellFormedToken(token)) localStorage.setItem(StorageKeys.refreshToken, token);
  mirrorStoredTokens();
}

/**
 * Keeps the IndexedDB copy the service worker replays offline saves with in step (DESIGN.md §4).
 * Best effort: without IndexedDB the page still replays with localStorage's tokens.
 */
function mirrorStoredTokens(): void {
  const accessToken = readAccessToken();
  const userId = readTokenSubject(accessToken);
  if (!accessToken || !userId) return;
  writeAuthMirror({ userId, accessToken, refreshToken: readRefreshToken(), isAheadOfPage: false }).catch(
    () => {},
  );
}
