// Access and refresh tokens in storage, and the rules that say whether one may be used (spec §4, §5).
import { isWellFormedToken } from '../../contract/fields';
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

export function readAccessToken(): string | null {
  return localStorage.getItem(StorageKeys.token);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(StorageKeys.refreshToken);
}

export function storeAccessToken(token: string): void {
  localStorage.setItem(StorageKeys.token, token);
}

/** Stores a refresh token only when it is well-formed (spec §4): a broken one would only fail later. */
export function storeRefreshToken(token: string | undefined): void {
  if (isWellFormedToken(token)) localStorage.setItem(StorageKeys.refreshToken, token);
}
