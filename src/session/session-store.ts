// Whether someone is signed in, for the guards and screens; storage stays the source of truth for tokens.
import { create } from 'zustand';
import type { Account } from '../../contract/user';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  /** Null while offline or before the account has been fetched. */
  account: Account | null;
  signIn(account?: Account | null): void;
  signOut(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'checking',
  account: null,
  signIn: (account = null) => set({ status: 'signedIn', account }),
  signOut: () => set({ status: 'signedOut', account: null }),
}));
