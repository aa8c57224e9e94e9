// Whether someone is signed in, for the guards and screens; storage stays the source of truth for tokens.
import { create } from 'zustand';
import type { Account } from '../../contract/user';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';
/**
 * A user who logged out starts afresh at /login; one whose session ended is offered the way back; one
 * who deleted their account from the delete-account page goes on to /register (spec §4 Delete account).
 */
export type SignOutReason = 'loggedOut' | 'sessionEnded' | 'accountDeleted';

interface SessionState {
  status: SessionStatus;
  /** Null while offline or before the account has been fetched. */
  account: Account | null;
  signOutReason: SignOutReason | null;
  signIn(account?: Account | null): void;
  signOut(reason?: SignOutReason): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'checking',
  account: null,
  signOutReason: null,
  signIn: (account = null) => set({ status: 'signedIn', account, signOutReason: null }),
  signOut: (reason = 'sessionEnded') => set({ status: 'signedOut', account: null, signOutReason: reason }),
}));
