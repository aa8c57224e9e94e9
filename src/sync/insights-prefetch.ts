// The insights prefetch (insights-and-operators.md §7): once a member is signed in, the server is asked
// to prepare their digests (`prime`) and the device keeps preferences, events and news, so the insights
// screens open at once and read offline later. It never blocks anything: failures are retried a few
// times, then dropped.
import { InsightPreferencesResource, primeInsights } from '../api/insights';
import { INSIGHTS_PREFETCH } from '../config/env';
import { loadCachedResource } from '../db/cached-resources';
import { readSignedInUserId } from '../session/signed-in-user';
import { EventsDigestResource, NewsDigestResource } from './insights-digests';

export interface PrefetchTimings {
  /** Wait before the first attempt, so the screens the member opened load first. */
  delayMs: number;
  retries: number;
  /** Wait before retry number `attempt` (1, 2, …). */
  retryWaitMs(attempt: number): number;
  /** Each call's own limit. */
  timeoutMs: number;
}

/** Spec §7: enabled unless the configuration flag says false. */
export const isPrefetchEnabled = INSIGHTS_PREFETCH.enabled;
/** Spec §7: default timeout 30 s, configurable. */
const TIMEOUT_MS = INSIGHTS_PREFETCH.timeoutMs;
/** Spec §7: default retry delay 5 s, configurable. */
const RETRY_DELAY_MS = INSIGHTS_PREFETCH.retryDelayMs;

export const PREFETCH_TIMINGS = {
  /** Spec §7 defaults, for a session that was already there when the app started: after 1 s. */
  atStart: { delayMs: 1_000, retries: 1, retryWaitMs: () => RETRY_DELAY_MS, timeoutMs: TIMEOUT_MS },
  /** Spec §7: after login, 500 ms, 3 retries, waiting 2 s times the attempt number. */
  afterLogin: {
    delayMs: 500,
    retries: 3,
    retryWaitMs: (attempt: number) => 2_000 * attempt,
    timeoutMs: TIMEOUT_MS,
  },
} as const satisfies Record<string, PrefetchTimings>;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One attempt: copies still fresh cost no request, so a retry only asks for what is missing. */
async function prefetchOnce(userId: string, timeoutMs: number): Promise<void> {
  const isOwnerCurrent = () => readSignedInUserId() === userId;
  // Spec §7: 'priming' or 'already_in_flight' both mean the server is on it.
  await primeInsights({ timeoutMs });
  await loadCachedResource(InsightPreferencesResource, userId, { isOwnerCurrent });
  await Promise.all([
    loadCachedResource(EventsDigestResource, userId, { isOwnerCurrent }),
    loadCachedResource(NewsDigestResource, userId, { isOwnerCurrent }),
  ]);
}

/**
 * Prefetches for the member signed in now; resolves true when everything arrived. Stops when they
 * sign out or someone else signs in meanwhile.
 */
export async function prefetchInsights(timings: PrefetchTimings): Promise<boolean> {
  const userId = readSignedInUserId();
  if (!isPrefetchEnabled || !userId) return false;
  await wait(timings.delayMs);
  for (let attempt = 0; attempt <= timings.retries; attempt += 1) {
    if (attempt > 0) await wait(timings.retryWaitMs(attempt));
    if (readSignedInUserId() !== userId) return false;
    try {
      await prefetchOnce(userId, timings.timeoutMs);
      return true;
    } catch {
      // Spec §7: a failed prefetch never blocks; the screens load on their own when opened.
    }
  }
  return false;
}
