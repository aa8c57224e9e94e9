// One polling tab per member (spec §4 Contacts cache, Polling; §9): several simulated tabs in one
// process, each with its own BroadcastChannel and its own view of the lease in localStorage, driven by
// vitest's fake timers. A tab's "poll" is counted instead of fetched: who polls is what is checked here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_POLL_DELAY_MS,
  nextPollDelay,
  POLL_INTERVAL_MS,
  POLL_JITTER_MS,
  startContactsPolling,
  type TabEvent,
} from '../../src/sync/contacts-polling';
import {
  broadcastLeaderChannel,
  CLAIM_SETTLE_MS,
  type LeaderChannel,
  type LeaseStore,
  localStorageLease,
  POLL_LEASE_RENEW_MS,
  POLL_LEASE_TTL_MS,
  pollLeaderKey,
  TAKEOVER_JITTER_MS,
} from '../../src/sync/poll-leader';

let owner = 'user-0';
let userCount = 0;
const stops: (() => void)[] = [];

interface SimulatedTab {
  id: string;
  polls: number;
  isVisible: boolean;
  isOnline: boolean;
  emit(event: TabEvent): void;
  /** Closes the tab the way a browser does: pagehide, then nothing more. */
  close(): void;
  /** Dies without a word: no pagehide, no more writes, messages or polls. */
  crash(): void;
}

function openTab(id: string, random: () => number = () => 0.5): SimulatedTab {
  let isDead = false;
  const listeners = new Set<(event: TabEvent) => void>();
  const sharedLease = localStorageLease(owner);
  const lease: LeaseStore = {
    read: () => sharedLease.read(),
    write: (value) => {
      if (!isDead) sharedLease.write(value);
    },
    release: (tabId) => {
      if (!isDead) sharedLease.release(tabId);
    },
  };
  const broadcast = broadcastLeaderChannel(owner);
  const channel: LeaderChannel = {
    postMessage: (message) => {
      if (!isDead) broadcast.postMessage(message);
    },
    subscribe: (listener) =>
      broadcast.subscribe((message) => {
        if (!isDead) listener(message);
      }),
    close: () => broadcast.close(),
  };
  const tab: SimulatedTab = {
    id,
    polls: 0,
    isVisible: true,
    isOnline: true,
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    close: () => {
      tab.emit('pagehide');
      isDead = true;
    },
    crash: () => {
      isDead = true;
    },
  };
  stops.push(
    startContactsPolling({
      userId: owner,
      tabId: id,
      random,
      lease,
      channel,
      signals: {
        isVisible: () => tab.isVisible,
        isOnline: () => tab.isOnline,
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      revalidate: async () => {
        if (!isDead) tab.polls += 1;
      },
    }),
  );
  return tab;
}

function leaseHolder(): string | null {
  const lease = localStorageLease(owner).read();
  return lease && lease.expiresAt > Date.now() ? lease.tabId : null;
}

/** Lets time pass in small steps, giving BroadcastChannel messages (real event-loop turns) time to land. */
async function advance(ms: number, step = 50): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    await vi.advanceTimersByTimeAsync(Math.min(step, ms - passed));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function polls(...tabs: SimulatedTab[]): number[] {
  return tabs.map((tab) => tab.polls);
}

beforeEach(() => {
  userCount += 1;
  owner = `user-${userCount}`;
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('the poll interval', () => {
  it('is 25 seconds varied by at most 4 seconds either way', () => {
    expect(nextPollDelay(() => 0)).toBe(POLL_INTERVAL_MS - POLL_JITTER_MS);
    expect(nextPollDelay(() => 0.5)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay(() => 0.999_999)).toBeLessThan(POLL_INTERVAL_MS + POLL_JITTER_MS);
    expect(POLL_INTERVAL_MS).toBe(25_000);
    expect(POLL_JITTER_MS).toBe(4_000);
  });

  it('starts 5 seconds after the tab became the leader', async () => {
    const tab = openTab('tab-a', () => 0);
    await advance(CLAIM_SETTLE_MS + FIRST_POLL_DELAY_MS - 50);
    expect(tab.polls).toBe(0);
    await advance(50);
    expect(tab.polls).toBe(1);

    await advance(POLL_INTERVAL_MS - POLL_JITTER_MS - 50);
    expect(tab.polls).toBe(1);
    await advance(50);
    expect(tab.polls).toBe(2);
  });
});

describe('leader election', () => {
  it('elects one leader among several tabs, and only the leader polls', async () => {
    const tabs = [openTab('tab-a'), openTab('tab-b'), openTab('tab-c')];

    await advance(60_000);

    expect(leaseHolder()).toBe('tab-a');
    // At 5.25 s, 30.25 s and 55.25 s.
    expect(polls(...tabs)).toEqual([3, 0, 0]);
  });

  it('keeps its lease by renewing it before it expires', async () => {
    openTab('tab-a');
    openTab('tab-b');

    await advance(3 * POLL_LEASE_TTL_MS);

    expect(POLL_LEASE_RENEW_MS).toBeLessThan(POLL_LEASE_TTL_MS);
    expect(leaseHolder()).toBe('tab-a');
  });

  it('replaces a leader that closes at once: it releases its lease on pagehide', async () => {
    const [a, b] = [openTab('tab-a'), openTab('tab-b')];
    await advance(10_000);
    expect(polls(a, b)).toEqual([1, 0]);

    a.close();
    await advance(TAKEOVER_JITTER_MS + CLAIM_SETTLE_MS);
    expect(leaseHolder()).toBe('tab-b');
    await advance(FIRST_POLL_DELAY_MS);

    expect(polls(a, b)).toEqual([1, 1]);
    expect(localStorage.getItem(pollLeaderKey(owner))).toContain('tab-b');
  });

  it('replaces a leader that dies without releasing within its lease, with a single new leader', async () => {
    const [a, b, c] = [openTab('tab-a'), openTab('tab-b'), openTab('tab-c')];
    await advance(POLL_LEASE_RENEW_MS + 100);
    expect(leaseHolder()).toBe('tab-a');

    a.crash();
    const diedAt = Date.now();
    while (leaseHolder() === 'tab-a') await advance(100);
    while (leaseHolder() === null) await advance(100);

    expect(Date.now() - diedAt).toBeLessThanOrEqual(POLL_LEASE_TTL_MS + TAKEOVER_JITTER_MS + CLAIM_SETTLE_MS);
    const before = polls(b, c);
    await advance(CLAIM_SETTLE_MS + FIRST_POLL_DELAY_MS + POLL_INTERVAL_MS);
    const after = polls(b, c);
    const pollsSince = after.map((count, index) => count - (before[index] ?? 0));
    expect(pollsSince.sort()).toEqual([0, 2]);
  });

  it('ignores a lease record that does not parse', async () => {
    localStorage.setItem(pollLeaderKey(owner), 'not a lease');
    openTab('tab-a');

    await advance(CLAIM_SETTLE_MS);

    expect(leaseHolder()).toBe('tab-a');
  });
});

describe('visibility and connection', () => {
  it('hands leadership from a hidden tab to a visible one; with every tab hidden nobody polls', async () => {
    const [a, b] = [openTab('tab-a'), openTab('tab-b')];
    await advance(1_000);

    a.isVisible = false;
    a.emit('hidden');
    await advance(TAKEOVER_JITTER_MS + CLAIM_SETTLE_MS);
    expect(leaseHolder()).toBe('tab-b');

    b.isVisible = false;
    b.emit('hidden');
    await advance(60_000);
    expect(leaseHolder()).toBeNull();
    expect(polls(a, b)).toEqual([0, 0]);
  });

  it('fetches at once in any tab that becomes visible', async () => {
    const [a, b] = [openTab('tab-a'), openTab('tab-b')];
    await advance(1_000);
    b.isVisible = false;
    b.emit('hidden');

    b.isVisible = true;
    b.emit('visible');

    expect(polls(a, b)).toEqual([0, 1]);
  });

  it('does not poll while offline, and fetches as soon as the connection returns', async () => {
    const tab = openTab('tab-a');
    tab.isOnline = false;

    await advance(60_000);
    expect(tab.polls).toBe(0);

    tab.isOnline = true;
    tab.emit('online');
    expect(tab.polls).toBe(1);
  });

  it('leaves a hidden tab alone when the connection returns', async () => {
    const tab = openTab('tab-a');
    tab.isVisible = false;
    tab.emit('hidden');

    tab.emit('online');

    expect(tab.polls).toBe(0);
  });
});
