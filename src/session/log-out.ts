// Logging out (spec §4 Other), with the refresh token revoked on the server when it can be reached.
import { revokeRefreshToken } from '../api/auth';
import { clearSession } from './session';
import { useSessionStore } from './session-store';
import { StorageKeys } from './storage-keys';
import { isWellFormedToken, readRefreshToken } from './tokens';

export function logOut(): void {
  const refreshToken = readRefreshToken();
  // Best effort: leaving must work offline too, so nobody waits for the answer.
  if (isWellFormedToken(refreshToken)) revokeRefreshToken(refreshToken).catch(() => {});
  localStorage.removeItem(StorageKeys.verificationPending);
  localStorage.removeItem(StorageKeys.activationPromptDismissed);
  clearSession();
  useSessionStore.getState().signOut('loggedOut');
}
