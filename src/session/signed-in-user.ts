// Which member is signed in: the subject of the stored access token, the id their local data is kept under.
import { useSessionStore } from './session-store';
import { readAccessToken } from './token-store';
import { readTokenSubject } from './tokens';

export function readSignedInUserId(): string | null {
  return readTokenSubject(readAccessToken());
}

/**
 * Null unless someone is signed in. A change of member always passes through signed out, so the
 * status alone tells the caller when to read the token again.
 */
export function useSignedInUserId(): string | null {
  const status = useSessionStore((state) => state.status);
  return status === 'signedIn' ? readSignedInUserId() : null;
}
