// Logging out (spec §4 Other), with the refresh token revoked on the server when it can be reached,
// and leaving for good after the account was deleted (spec §4 Delete account). A flow over the API and
// the session, so it sits above both.
import { revokeRefreshToken } from '../api/auth';
import { readAuthMirror } from '../db/auth-mirror';
import { db } from '../db/tapnet-db';
import { Stored } from '../session/browser-storage';
import { clearSession } from '../session/session';
import { type SignOutReason, useSessionStore } from '../session/session-store';
import { readRefreshToken } from '../session/token-store';
import { isWellFormedToken } from '../session/tokens';

function endSession(reason: SignOutReason): void {
  Stored.verificationPending.remove();
  Stored.activationPromptDismissed.remove();
  clearSession();
  useSessionStore.getState().signOut(reason);
}

export function logOut(): void {
  const refreshToken = readRefreshToken();
  // Best effort: leaving must work offline too, so nobody waits for the answer.
  if (isWellFormedToken(refreshToken)) revokeRefreshToken(refreshToken).catch(() => {});
  endSession('loggedOut');
}

/**
 * Ends the session of an account the server has just deleted, with its queued offline writes and
 * their notices: nobody can ever replay them. The guard then sends the user to /login
 * (`loggedOut`, account management) or /register (`accountDeleted`, the delete-account page).
 */
export async function leaveDeletedAccount(reason: Extract<SignOutReason, 'loggedOut' | 'accountDeleted'>) {
  const userId =
    useSessionStore.getState().account?._id ?? (await readAuthMirror().catch(() => null))?.userId;
  // Signed out before the writes are cleared: the deletion revoked every session, and a call still on its
  // way is refused meanwhile; once signed out, that refusal ends nothing (expireSession), where it would
  // have sent the member to /login instead of where they were going.
  endSession(reason);
  if (userId) {
    await Promise.all([
      db.pendingWrites.where('ownerUserId').equals(userId).delete(),
      db.writeNotices.where('ownerUserId').equals(userId).delete(),
    ]).catch(() => {});
  }
}
