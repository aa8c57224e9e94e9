// Starting and ending the stored session (spec §4 Session token, Other).
import type { Role } from '../../contract/auth';
import { clearCachedResources } from '../db/cached-resources';
import { clearCardPages } from '../db/card-pages';
import { clearContactsCaches } from '../db/contacts-cache';
import { clearMemberResponseCaches } from '../db/response-caches';
import { removeSessionPrefixedKeys, Stored } from './browser-storage';
import { clearStoredTokens, storeTokens } from './token-store';

export interface SignIn {
  accessToken: string;
  refreshToken: string;
  role: Role;
  email: string;
}

export function storeSignIn({ accessToken, refreshToken, role, email }: SignIn): void {
  void storeTokens(accessToken, refreshToken);
  Stored.role.write(role);
  Stored.userEmail.write(email);
  Stored.verificationPending.remove();
}

/**
 * Removes the session and everything cached for its user, so the next user starts clean. Queued
 * offline saves and flag changes stay: they are that user's, and are sent only once the same user
 * signs in again.
 */
export function clearSession(): void {
  clearStoredTokens();
  clearContactsCaches().catch((error: unknown) => console.warn('Contacts cache: clear failed', error));
  clearMemberResponseCaches().catch(() => {});
  clearCardPages().catch(() => {});
  clearCachedResources().catch(() => {});
  Stored.userEmail.remove();
  Stored.role.remove();
  removeSessionPrefixedKeys();
}

/** A registration waiting for its e-mail code does not count as signed in (spec §2 Shell behaviour). */
export function isVerificationPending(): boolean {
  return Stored.verificationPending.read() === true;
}
