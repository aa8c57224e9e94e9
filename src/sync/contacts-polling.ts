// Background freshness of the contacts cache while a member is signed in (spec §4 Contacts cache,
// Polling): the leader tab polls, any tab revalidates when it comes back into view or back online.
import { cancelRevalidation, prefetchContacts, revalidateContacts } from './contacts-revalidation';
import {
  broadcastLeaderChannel,
  createLeaderElection,
  type LeaderChannel,
  type LeaseStore,
  localStorageLease,
} from './poll-leader';

/** Spec §9: the leader polls about this often... */
export const POLL_INTERVAL_MS = 25_000;
/** ...varied randomly by up to this much either way, so tabs of many members do not poll in step... */
export const POLL_JITTER_MS = 4_000;
/** ...and polls first this long after it became the leader. */
export const FIRST_POLL_DELAY_MS = 5_000;

export type TabEvent = 'visible' | 'hidden' | 'online' | 'pagehide' | 'pageshow';

/** What the polling needs from its tab; a browser tab in the app, simulated tabs in tests. */
export interface TabSignals {
  isVisible(): boolean;
  isOnline(): boolean;
  subscribe(listener: (event: TabEvent) => void): () => void;
}

export function browserTabSignals(): TabSignals {
  return {
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    subscribe(listener) {
      const onVisibilityChange = () =>
        listener(document.visibilityState === 'visible' ? 'visible' : 'hidden');
      const onOnline = () => listener('online');
      const onPageHide = () => listener('pagehide');
      // Only a page restored from the back/forward cache: a fresh load starts the polling anew.
      const onPageShow = (event: PageTransitionEvent) => {
        if (event.persisted) listener('pageshow');
      };
      document.addEventListener('visibilitychange', onVisibilityChange);
      window.addEventListener('online', onOnline);
      window.addEventListener('pagehide', onPageHide);
      window.addEventListener('pageshow', onPageShow);
      return () => {
        document.removeEventListener('visibilitychange', onVisibilityChange);
        window.removeEventListener('online', onOnline);
        window.removeEventListener('pagehide', onPageHide);
        window.removeEventListener('pageshow', onPageShow);
      };
    },
  };
}

export function nextPollDelay(random: () => number = Math.random): number {
  return POLL_INTERVAL_MS + (random() * 2 - 1) * POLL_JITTER_MS;
}

export interface ContactsPollingOptions {
  userId: string;
  signals?: TabSignals;
  lease?: LeaseStore;
  channel?: LeaderChannel;
  revalidate?: () => Promise<unknown>;
  random?: () => number;
  tabId?: string;
}

/**
 * Starts this tab's part in keeping the member's contacts fresh and returns what stops it. Only a
 * visible tab competes for leadership (a hidden leader hands over, so a visible tab is the one that
 * polls); the leader polls only while visible and online.
 */
export function startContactsPolling({
  userId,
  signals = browserTabSignals(),
  lease = localStorageLease(userId),
  channel = broadcastLeaderChannel(userId),
  revalidate = () => revalidateContacts(userId),
  random = Math.random,
  tabId,
}: ContactsPollingOptions): () => void {
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  const schedulePoll = (delayMs: number) => {
    pollTimer = setTimeout(() => {
      if (signals.isVisible() && signals.isOnline()) void revalidate();
      schedulePoll(nextPollDelay(random));
    }, delayMs);
  };

  const election = createLeaderElection({
    lease,
    channel,
    random,
    tabId,
    onLeadershipChange(isLeader) {
      clearTimeout(pollTimer);
      if (isLeader) schedulePoll(FIRST_POLL_DELAY_MS);
    },
  });

  const unsubscribe = signals.subscribe((event) => {
    if (event === 'visible') {
      void revalidate();
      election.start();
    } else if (event === 'online') {
      if (signals.isVisible()) void revalidate();
    } else if (event === 'pageshow') {
      if (signals.isVisible()) election.start();
    } else {
      election.stop();
    }
  });
  if (signals.isVisible()) election.start();

  return () => {
    unsubscribe();
    clearTimeout(pollTimer);
    election.dispose();
  };
}

/** The signed-in member's sync: prefetch once (spec §4 Prefetch after login), then the polling. */
export function startContactsSync(userId: string): () => void {
  void prefetchContacts(userId);
  const stopPolling = startContactsPolling({ userId });
  return () => {
    stopPolling();
    cancelRevalidation(userId);
  };
}
