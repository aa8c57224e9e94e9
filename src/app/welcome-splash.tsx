// The logo splash for a user coming back after a while (spec §2 Shell behaviour).
import { useEffect, useState } from 'react';
import { Stored } from '../session/browser-storage';
import { LogoMark } from '../ui/logo';
import styles from './shell.module.css';

/** Spec §9: shown for this long after a gap of more than an hour. */
export const WELCOME_SPLASH_MS = 3_500;
export const WELCOME_SPLASH_GAP_MS = 3_600_000;

/** Paths a visitor reaches from a card or an e-mail link: they came to do one thing, without ceremony. */
const PATHS_WITHOUT_SPLASH = [
  '/register',
  '/forgot-password',
  '/reset-password',
  '/my-display-card',
  '/display-card',
  '/nfc',
];

export function shouldShowWelcomeSplash(
  pathname: string,
  lastVisitTime: number | string | null,
  now: number,
): boolean {
  if (PATHS_WITHOUT_SPLASH.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;
  const lastVisit = Number(lastVisitTime);
  // A first visit has no "last visit" to be over an hour ago.
  if (lastVisitTime === null || lastVisitTime === '' || !Number.isFinite(lastVisit)) return false;
  return now - lastVisit > WELCOME_SPLASH_GAP_MS;
}

export function recordVisit(now = Date.now()): void {
  Stored.lastVisitTime.write(now);
}

export function WelcomeSplash({ pathname }: { pathname: string }) {
  const [isVisible, setIsVisible] = useState(() =>
    shouldShowWelcomeSplash(pathname, Stored.lastVisitTime.read(), Date.now()),
  );

  useEffect(() => {
    if (!isVisible) return;
    const timer = setTimeout(() => setIsVisible(false), WELCOME_SPLASH_MS);
    return () => clearTimeout(timer);
  }, [isVisible]);

  if (!isVisible) return null;
  return (
    <div className={styles.splash} aria-hidden="true">
      <LogoMark size={96} />
      <span className={styles.splashWord}>Tapnet</span>
    </div>
  );
}
