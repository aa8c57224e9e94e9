// The frame around every route: transitions, per-navigation chores, splash, toasts and update prompt.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSignedInUserId } from '../session/signed-in-user';
import { startContactsSync } from '../sync/contacts-polling';
import { startHeartbeat } from '../sync/heartbeat';
import { Toaster } from '../ui/toaster';
import { startOutboxSync } from './outbox-sync';
import { reportPageView } from './page-views';
import styles from './shell.module.css';
import { SyncStatus } from './sync-status';
import { UpdatePrompt } from './update-prompt';
import { recordVisit, WelcomeSplash } from './welcome-splash';

/** The sign-in screens fade into each other; everything else slides (spec §2). */
const FADING_PATHS = ['/login', '/register', '/forgot-password', '/reset-password'];

function isFadingPath(pathname: string): boolean {
  return FADING_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function Shell() {
  const { pathname } = useLocation();

  const signedInUserId = useSignedInUserId();

  useEffect(() => startOutboxSync(), []);

  // While a member is signed in, whatever the page: prefetch, then polling by one of their tabs.
  useEffect(() => (signedInUserId ? startContactsSync(signedInUserId) : undefined), [signedInUserId]);
  useEffect(() => (signedInUserId ? startHeartbeat() : undefined), [signedInUserId]);

  useEffect(() => {
    window.scrollTo(0, 0);
    // A modal left open on the previous screen must not keep this one from scrolling.
    document.body.style.overflow = '';
    reportPageView(pathname);
    recordVisit();
  }, [pathname]);

  return (
    <>
      <WelcomeSplash pathname={pathname} />
      <div className={styles.frame}>
        {signedInUserId && <SyncStatus />}
        <div
          key={pathname}
          className={`${styles.route} ${isFadingPath(pathname) ? styles.fade : styles.slide}`}
        >
          <Outlet />
        </div>
      </div>
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
