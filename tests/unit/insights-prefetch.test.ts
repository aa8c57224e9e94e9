// The insights prefetch (insights-and-operators.md §7): after login it starts after 500 ms and retries 3
// times, waiting 2 s times the attempt number; a session found at start waits 1 s; a success fills the
// device's copies of preferences, events and news; failures end quietly. The server is a fetch the test
// answers; time is Vitest's fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCachedResource } from '../../src/db/cached-resources';
import { db } from '../../src/db/tapnet-db';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { EventsDigestResource, NewsDigestResource } from '../../src/sync/insights-digests';
import { PREFETCH_TIMINGS, prefetchInsights } from '../../src/sync/insights-prefetch';
import { jsonResponse, tokenExpiringIn } from './helpers';
import { digestFields, noPreferences } from './insights-fixtures';

const preferences = noPreferences;

let start: number;
/** When each prime call arrived, in ms after the prefetch started. */
let primeTimes: number[];
let primeFailures: number;

beforeEach(async () => {
  await db.cachedResources.clear();
  // IndexedDB (fake-indexeddb) runs on setImmediate, which keeps running.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  start = Date.now();
  primeTimes = [];
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(3600));
  useSessionStore.getState().signIn();
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/insights/prime') {
      primeTimes.push(Date.now() - start);
      if (primeFailures > 0) {
        primeFailures -= 1;
        return jsonResponse(503, { error: 'Unavailable' });
      }
      return jsonResponse(202, { status: 'priming' });
    }
    if (path === '/api/user/insight-preferences') return jsonResponse(200, { preferences, updatedAt: null });
    if (path === '/api/insights/events-summary') {
      return jsonResponse(200, { ...digestFields, events: [], summary: 'No events' });
    }
    if (path === '/api/insights/news-summary') {
      return jsonResponse(200, { ...digestFields, news: [], digest: [], timezone: 'UTC' });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('insights prefetch', () => {
  it('after login waits 500 ms, retries 3 times 2 s × attempt apart, then keeps the digests', async () => {
    primeFailures = 3;
    const done = prefetchInsights(PREFETCH_TIMINGS.afterLogin);

    await vi.advanceTimersByTimeAsync(499);
    expect(primeTimes).toEqual([]);
    await vi.advanceTimersByTimeAsync(500 + 2_000 + 4_000 + 6_000);

    expect(await done).toBe(true);
    expect(primeTimes).toEqual([500, 2_500, 6_500, 12_500]);
    expect((await readCachedResource(EventsDigestResource, 'user-1'))?.value.summary).toBe('No events');
    expect((await readCachedResource(NewsDigestResource, 'user-1'))?.value.timezone).toBe('UTC');
  });

  it('gives up quietly after the last retry', async () => {
    primeFailures = 10;
    const done = prefetchInsights(PREFETCH_TIMINGS.afterLogin);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await done).toBe(false);
    expect(primeTimes).toHaveLength(4);
    expect(await readCachedResource(NewsDigestResource, 'user-1')).toBeNull();
  });

  it('for a session found at start waits the default 1 s', async () => {
    primeFailures = 0;
    const done = prefetchInsights(PREFETCH_TIMINGS.atStart);
    await vi.advanceTimersByTimeAsync(999);
    expect(primeTimes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(await done).toBe(true);
    expect(primeTimes).toEqual([1_000]);
  });

  it('stops when the member signs out before it starts', async () => {
    primeFailures = 0;
    const done = prefetchInsights(PREFETCH_TIMINGS.afterLogin);
    localStorage.removeItem(StorageKeys.token);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(await done).toBe(false);
    expect(primeTimes).toEqual([]);
  });
});
