// Which member is signed in: the subject of the stored access token, the id their local data is kept under.
import { useSessionStore } from './session-store';
import { readAccessToken, readTokenSubject } from './tokens';

export function readSignedInUserId(): string | null {
  return readTokenSubject(readAccessToken());
}

/** Null unless the session check has signed someone in; re-read whenever the session changes. */
export function useSignedInUserId(): string | null {
  const status = useSessionStore((state) => state.status);
  // The account is replaced on sign-in and sign-out, so a change of member re-renders the caller.
  useSessionStore((state) => state.account?._id);
  return status === 'signedIn' ? readSignedInUserId() : null;
}
