// Who may see which route (spec §2): signed-in-only pages, and sign-in pages a signed-in user skips.
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { deferCardActivation, pathAfterSignIn } from '../session/card-activation';
import { buildLoginPath, readReturnUrl } from '../session/return-url';
import { useSessionStore } from '../session/session-store';
import styles from './shell.module.css';

export function RequireSession() {
  const status = useSessionStore((state) => state.status);
  const signOutReason = useSessionStore((state) => state.signOutReason);
  const location = useLocation();
  if (status === 'checking') {
    return (
      <main className={styles.checking}>
        <p>Checking authentication...</p>
      </main>
    );
  }
  if (status === 'signedOut') {
    // An activation link always comes back to /my-card, whoever signs in (spec §4 Card activation).
    const activationReturnUrl = deferCardActivation(location.pathname, location.search);
    const returnUrl = activationReturnUrl ?? location.pathname + location.search;
    if (signOutReason === 'accountDeleted') return <Navigate to="/register" replace />;
    const to = signOutReason === 'loggedOut' && !activationReturnUrl ? '/login' : buildLoginPath(returnUrl);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

/** Login and registration: a signed-in user goes on to where they were headed. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();
  // The same place the sign-in screens go, so neither wins a race: e.g. /my-card for a card kept to activate.
  if (status === 'signedIn') return <Navigate to={pathAfterSignIn(readReturnUrl(location.search))} replace />;
  return children;
}
