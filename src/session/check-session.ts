// The app-start session check (spec §4 App start session check).
import { ApiError, isRefreshRejected, refreshAccessToken } from '../api/client';
import { ACCOUNT_CHECK_TIMEOUT_MS, fetchAccount } from '../api/user';
import { removeExpiredPendingCardSave } from './pending-card-save';
import { clearSession, isVerificationPending } from './session';
import { useSessionStore } from './session-store';
import { readAccessToken } from './tokens';

/** The server no longer accepts this session; anything else (offline, a 500) is not the user's fault. */
function isSessionRefused(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401 || error.status === 403) return true;
  return /token|expired|invalid/i.test(error.message);
}

export async function checkSession(): Promise<void> {
  const { signIn, signOut } = useSessionStore.getState();
  removeExpiredPendingCardSave();
  if (!readAccessToken() || isVerificationPending()) {
    signOut();
    return;
  }
  try {
    signIn(await fetchAccount({ timeout: ACCOUNT_CHECK_TIMEOUT_MS }));
  } catch (error) {
    if (isSessionRefused(error)) {
      clearSession();
      signOut();
      return;
    }
    await refreshAfterFailedCheck();
  }
}

/** Offline-first: a refresh that cannot reach the server keeps the stored session usable. */
async function refreshAfterFailedCheck(): Promise<void> {
  const { signIn, signOut } = useSessionStore.getState();
  try {
    await refreshAccessToken();
    signIn(await fetchAccount().catch(() => null));
  } catch (error) {
    if (isRefreshRejected(error)) signOut();
    else signIn();
  }
}
