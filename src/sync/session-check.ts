// The app-start session check (spec §4 App start session check), a flow over the API and the session.
// Offline-first: a member whose session and contacts are stored on this device is signed in at once,
// and the check runs behind; what it finds (expired, deleted) still ends the session when it arrives.
import { ApiError, isRefreshRejected, refreshAccessToken } from '../api/client';
import { ACCOUNT_CHECK_TIMEOUT_MS, fetchAccount } from '../api/user';
import { hasFreshContactSet } from '../db/contacts-cache';
import { removeExpiredPendingCardSave } from '../session/pending-card-save';
import { clearSession, isVerificationPending } from '../session/session';
import { useSessionStore } from '../session/session-store';
import { readAccessToken } from '../session/token-store';
import { readTokenSubject } from '../session/tokens';

/**
 * The server no longer accepts this session: a 401 or 403 (TOKEN_INVALID, ACCOUNT_NOT_FOUND,
 * SESSION_ENDED…). Anything else (offline, a 500, a refusal of another kind) is not the user's fault.
 */
function isSessionRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Cached data of the stored session's member, enough to show the app before the server answers. */
async function hasCachedData(accessToken: string): Promise<boolean> {
  const userId = readTokenSubject(accessToken);
  return userId !== null && (await hasFreshContactSet(userId).catch(() => false));
}

export async function checkSession(): Promise<void> {
  const { signIn, signOut } = useSessionStore.getState();
  removeExpiredPendingCardSave();
  const accessToken = readAccessToken();
  if (!accessToken || isVerificationPending()) {
    signOut();
    return;
  }
  if (useSessionStore.getState().status === 'checking' && (await hasCachedData(accessToken))) signIn();
  try {
    signIn(await fetchAccount({ timeoutMs: ACCOUNT_CHECK_TIMEOUT_MS }));
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
