// Which member is signed in: the subject of the stored access token, the id their local data is kept under.
// It reads localStorage alone, not the token store, so that the public card page (which asks it whether
// its owner is looking) does not load IndexedDB code before the first paint.
import { useMemo } from 'react';
import { Stored } from './browser-storage';
import { useSessionStore } from './session-store';
import { readTokenSubject } from './tokens';

export function readSignedInUserId(): string | null {
  return readTokenSubject(Stored.token.read());
}

/**
 * Null unless someone is signed in. A change of member always passes through signed out, so the
 * status alone tells the caller when to read the token again.
 */
export function useSignedInUserId(): string | null {
  const status = useSessionStore((state) => state.status);
  // Read once per status, not on every render: screens render on every keystroke of a search.
  return useMemo(() => (status === 'signedIn' ? readSignedInUserId() : null), [status]);
}
