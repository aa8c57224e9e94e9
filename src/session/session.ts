// Starting and ending the stored session (spec §4 Session token, Other).
import type { Role } from '../../contract/auth';
import { clearAuthMirror } from '../db/auth-mirror';
import { clearCachedResources } from '../db/cached-resources';
import { clearCardPages } from '../db/card-pages';
import { clearContactsCaches } from '../db/contacts-cache';
import { clearMemberResponseCaches } from '../sync/response-caches';
import { CONTACTS_CACHE_PREFIX, POLL_LEADER_PREFIX, StorageKeys } from './storage-keys';
import { storeAccessToken, storeRefreshToken } from './tokens';

export interface SignIn {
  accessToken: string;
  refreshToken: string;
  role: Role;
  email: string;
}

export function storeSignIn({ accessToken, refreshToken, role, email }: SignIn): void {
  storeAccessToken(accessToken);
  storeRefreshToken(refreshToken);
  localStorage.setItem(StorageKeys.role, role);
  localStorage.setItem(StorageKeys.userEmail, email);
  localStorage.removeItem(StorageKeys.verificationPending);
}

/**
 * Removes the session and everything cached for its user, so the next user starts clean. Queued
 * offline saves stay: they are that user's, and replay only once the same user signs in again.
 */
export function clearSession(): void {
  clearAuthMirror().catch(() => {});
  clearContactsCaches().catch((error: unknown) => console.warn('Contacts cache: clear failed', error));
  clearMemberResponseCaches().catch(() => {});
  clearCardPages().catch(() => {});
  clearCachedResources().catch(() => {});
  for (const key of [StorageKeys.token, StorageKeys.refreshToken, StorageKeys.userEmail, StorageKeys.role]) {
    localStorage.removeItem(key);
  }
  const cachedKeys = Array.from({ length: localStorage.length }, (_, index) =>
    localStorage.key(index),
  ).filter(
    (key): key is string =>
      key !== null && (key.startsWith(CONTACTS_CACHE_PREFIX) || key.startsWith(POLL_LEADER_PREFIX)),
  );
  for (const key of cachedKeys) localStorage.removeItem(key);
}

/** A registration waiting for its e-mail code does not count as signed in (spec §2 Shell behaviour). */
export function isVerificationPending(): boolean {
  return localStorage.getItem(StorageKeys.verificationPending) === 'true';
}
