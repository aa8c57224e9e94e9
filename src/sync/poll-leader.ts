// Which of a member's tabs polls for contacts (spec §4 Contacts cache, Polling): one leader at a time,
// holding a lease that expires unless renewed, with a BroadcastChannel so hand-overs are prompt.
import { z } from 'zod';
import { pollLeaderLease } from '../session/browser-storage';
import { POLL_LEADER_PREFIX } from '../session/storage-keys';

/** Spec §9: a lease not renewed for this long is free, so a crashed leader is replaced within it. */
export const POLL_LEASE_TTL_MS = 30_000;
/** Spec §9: the leader renews its lease this often. */
export const POLL_LEASE_RENEW_MS = 20_000;
/** Two tabs may claim at once; after this pause the lease shows which one won. */
export const CLAIM_SETTLE_MS = 250;
/** Spread over this window, the followers of a leader that went do not all claim at the same moment. */
export const TAKEOVER_JITTER_MS = 1_000;

const LeaseSchema = z.object({ tabId: z.string().min(1), expiresAt: z.number() });
export type Lease = z.infer<typeof LeaseSchema>;

/** The lease as every tab of the member sees it. */
export interface LeaseStore {
  read(): Lease | null;
  write(lease: Lease): void;
  /** Removes the lease only while `tabId` holds it. */
  release(tabId: string): void;
}

export function pollLeaderKey(userId: string): string {
  return `${POLL_LEADER_PREFIX}${userId}`;
}

/** In localStorage under the poll-leader prefix, which clearing the session removes (spec §4). */
export function localStorageLease(userId: string): LeaseStore {
  const stored = pollLeaderLease(userId, (value) => {
    const parsed = LeaseSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  });
  return {
    read: () => stored.read(),
    write: (lease) => stored.write(lease),
    release: (tabId) => {
      if (stored.read()?.tabId === tabId) stored.remove();
    },
  };
}

export type LeaderMessage = { type: 'claimed'; tabId: string } | { type: 'released'; tabId: string };

/** How a tab tells the member's other tabs about the lease; a BroadcastChannel in the app. */
export interface LeaderChannel {
  postMessage(message: LeaderMessage): void;
  subscribe(listener: (message: LeaderMessage) => void): () => void;
  close(): void;
}

export function broadcastLeaderChannel(userId: string): LeaderChannel {
  const channel = new BroadcastChannel(`${POLL_LEADER_PREFIX}${userId}`);
  return {
    postMessage: (message) => channel.postMessage(message),
    subscribe(listener) {
      const onMessage = (event: MessageEvent<LeaderMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

export interface LeaderElectionOptions {
  lease: LeaseStore;
  /** This tab's own channel; the election closes it when disposed. */
  channel: LeaderChannel;
  onLeadershipChange(isLeader: boolean): void;
  tabId?: string;
  random?: () => number;
}

export interface LeaderElection {
  /** Takes part: claims the lease when it is free, else waits for it to be released or to expire. */
  start(): void;
  /** Stops taking part and hands the lease back at once if it holds it (closing, hidden). */
  stop(): void;
  dispose(): void;
  isLeader(): boolean;
}

export function createLeaderElection({
  lease,
  channel,
  onLeadershipChange,
  tabId = crypto.randomUUID(),
  random = Math.random,
}: LeaderElectionOptions): LeaderElection {
  let isRunning = false;
  let isLeader = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (step: () => void, delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(step, Math.max(0, delayMs));
  };
  const setLeader = (value: boolean) => {
    if (isLeader === value) return;
    isLeader = value;
    onLeadershipChange(value);
  };
  const liveLease = (now: number) => {
    const current = lease.read();
    return current && current.expiresAt > now ? current : null;
  };

  function follow(holder: Lease | null) {
    setLeader(false);
    const wait = holder ? holder.expiresAt - Date.now() : 0;
    schedule(claim, wait + random() * TAKEOVER_JITTER_MS);
  }

  /** Writes this tab's lease, unless another live tab holds it: then this tab follows that one. */
  function holdLease(): boolean {
    const now = Date.now();
    const holder = liveLease(now);
    if (holder && holder.tabId !== tabId) {
      follow(holder);
      return false;
    }
    lease.write({ tabId, expiresAt: now + POLL_LEASE_TTL_MS });
    return true;
  }

  function claim() {
    if (!isRunning || !holdLease()) return;
    channel.postMessage({ type: 'claimed', tabId });
    schedule(confirm, CLAIM_SETTLE_MS);
  }

  function confirm() {
    const holder = liveLease(Date.now());
    if (holder?.tabId !== tabId) {
      follow(holder);
      return;
    }
    setLeader(true);
    schedule(renew, POLL_LEASE_RENEW_MS - CLAIM_SETTLE_MS);
  }

  /** A leader whose timers were held back (a frozen or throttled tab) may find it was replaced meanwhile. */
  function renew() {
    if (holdLease()) schedule(renew, POLL_LEASE_RENEW_MS);
  }

  const unsubscribe = channel.subscribe((message) => {
    if (!isRunning || message?.tabId === tabId) return;
    if (message?.type === 'released' && !isLeader) {
      schedule(claim, random() * TAKEOVER_JITTER_MS);
    } else if (message?.type === 'claimed' && isLeader) {
      const holder = liveLease(Date.now());
      if (holder && holder.tabId !== tabId) follow(holder);
    }
  });

  function stop() {
    if (!isRunning) return;
    isRunning = false;
    clearTimeout(timer);
    if (liveLease(Date.now())?.tabId === tabId) {
      lease.release(tabId);
      channel.postMessage({ type: 'released', tabId });
    }
    setLeader(false);
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      claim();
    },
    stop,
    dispose() {
      stop();
      unsubscribe();
      channel.close();
    },
    isLeader: () => isLeader,
  };
}
