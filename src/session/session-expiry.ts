// The page's refresh (spec §4 Session token): the one refresh over the page's token store, and the end of
// the session when the server refuses it. The app tells this layer how to navigate; the layer never calls
// the API, and the API client never ends a session itself.
import { buildLoginPath } from './return-url';
import { clearSession } from './session';
import { useSessionStore } from './session-store';
import { type RefreshOutcome, refreshTokens } from './token-refresh';
import { pageTokenStore, reconcileTokenMirror } from './token-store';

const LOGIN_PATHS = ['/login', '/admin', '/security'];

function isOnLoginPath(pathname: string): boolean {
  return LOGIN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

/** Lets the router take over the redirect to /login, so it happens without a page reload. */
export function setSessionExpiredNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Spec §4: the session is cleared and the user sent to /login with returnUrl, unless already on a login path. */
export function expireSession(): void {
  // A refusal that comes back after the member signed out (or deleted the account, which revokes every
  // session) ends nothing: signing out already took them where they were going, /login or /register.
  if (useSessionStore.getState().status === 'signedOut') return;
  clearSession();
  useSessionStore.getState().signOut();
  const { pathname, search } = window.location;
  if (!isOnLoginPath(pathname)) navigateTo(buildLoginPath(pathname + search));
}

let pageRefresh: Promise<RefreshOutcome> | null = null;

/**
 * Refreshes the page's tokens; a refusal ends the session, once however many callers were waiting. The
 * outbox in this page may have run the shared refresh into the IndexedDB copy, so the page takes the
 * result into its own keys before anyone sends the new token.
 */
export function refreshSession(staleAccessToken: string | null): Promise<RefreshOutcome> {
  pageRefresh ??= refreshTokens(pageTokenStore, staleAccessToken)
    .then(async (outcome) => {
      if (outcome.kind === 'rejected') expireSession();
      else if (outcome.kind === 'refreshed') await reconcileTokenMirror().catch(() => {});
      return outcome;
    })
    .finally(() => {
      pageRefresh = null;
    });
  return pageRefresh;
}
