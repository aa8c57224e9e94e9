// The insights kept on the device (insights-and-operators.md §4 Caches, Daily refresh limit): events
// and news digests for 24 hours, news only on the day it was fetched, the expanded news cleared by fresh
// news, one forced refresh a day per kind counted here and purged after 7 days, and a preference save
// that makes both digests due. IndexedDB is fake-indexeddb; the server is a fetch the test answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  EventsSummary,
  InsightPreferences,
  NewsDetail,
  NewsItem,
  NewsSummary,
} from '../../contract/insights';
import { InsightPreferencesResource } from '../../src/api/insights';
import { loadCachedResource, readCachedResource } from '../../src/db/cached-resources';
import { db } from '../../src/db/tapnet-db';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import {
  EventsDigestResource,
  NewsDigestResource,
  refreshDigest,
  savePreferences,
} from '../../src/sync/insights-digests';
import { loadNewsDetail } from '../../src/sync/insights-news-details';
import {
  countRefresh,
  DAILY_REFRESH_LIMIT,
  localDay,
  readRefreshesLeft,
} from '../../src/sync/insights-refresh-limit';
import { jsonResponse, tokenExpiringIn } from './helpers';
import { digestFields, noPreferences } from './insights-fixtures';

const USER = 'user-1';
const isOwnerCurrent = () => true;
const HOUR = 3_600_000;

const preferences: InsightPreferences = { ...noPreferences, industries: ['Technology'] };

const newsItem: NewsItem = {
  id: 'n1',
  title: 'Acme raises a round',
  category: 'Technology',
  summary: 'Acme raised money to build more engines.',
  location: 'London',
  generatedAt: '2026-11-24T08:00:00.000Z',
  publishedAt: '2026-11-24T07:00:00.000Z',
  url: 'https://news.example.test/acme',
  source: 'Example News',
  reasons: ['Technology'],
};

function newsSummary(title = newsItem.title): NewsSummary {
  return {
    ...digestFields,
    news: [{ ...newsItem, title }],
    digest: [],
    timezone: 'UTC',
  };
}

const eventsSummary: EventsSummary = {
  ...digestFields,
  events: [],
  summary: 'Nothing this week.',
};

const detail: NewsDetail = {
  detailedSummary: 'First.\n\nSecond.',
  keyPoints: ['Acme raised money.'],
  relatedLinks: [{ title: 'Acme', source: 'Example News', url: 'https://news.example.test/acme' }],
  producedBy: 'extractive',
  generatedAt: '2026-11-24T08:00:00.000Z',
};

/** The server: answers by path, and records what it was asked. */
function fakeServer(answers: Record<string, () => Response>) {
  const calls: { path: string; search: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ path: url.pathname, search: url.search, body: text ? JSON.parse(text) : null });
    const answer = answers[url.pathname];
    if (!answer) return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    return answer();
  });
  return calls;
}

function calledPaths(calls: { path: string }[]) {
  return calls.map((call) => call.path);
}

beforeEach(async () => {
  await Promise.all([db.cachedResources.clear(), db.insightRefreshCounts.clear()]);
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  useSessionStore.getState().signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('digest lifetimes', () => {
  it('keeps an events digest for 24 hours, then asks again', async () => {
    const calls = fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/events-summary': () => jsonResponse(200, eventsSummary),
    });
    const start = new Date(2026, 10, 24, 9).getTime();

    await loadCachedResource(EventsDigestResource, USER, { isOwnerCurrent, now: () => start });
    await loadCachedResource(EventsDigestResource, USER, {
      isOwnerCurrent,
      now: () => start + 24 * HOUR - 1,
    });
    expect(calledPaths(calls).filter((path) => path.endsWith('events-summary'))).toHaveLength(1);

    await loadCachedResource(EventsDigestResource, USER, { isOwnerCurrent, now: () => start + 24 * HOUR });
    expect(calledPaths(calls).filter((path) => path.endsWith('events-summary'))).toHaveLength(2);
    expect(calls.find((call) => call.path.endsWith('events-summary'))?.body).toMatchObject({ preferences });
  });

  it('keeps news only on the calendar day it was fetched', async () => {
    const calls = fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/news-summary': () => jsonResponse(200, newsSummary()),
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    const lateEvening = new Date(2026, 10, 24, 23, 0).getTime();
    vi.setSystemTime(lateEvening);
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(6 * 3600, lateEvening));
    await loadCachedResource(NewsDigestResource, USER, { isOwnerCurrent });

    vi.setSystemTime(lateEvening + 59 * 60_000);
    await loadCachedResource(NewsDigestResource, USER, { isOwnerCurrent });
    expect(calledPaths(calls).filter((path) => path.endsWith('news-summary'))).toHaveLength(1);

    // Two hours later is another day: the same copy is no longer today's news.
    vi.setSystemTime(lateEvening + 2 * HOUR);
    await loadCachedResource(NewsDigestResource, USER, { isOwnerCurrent });
    expect(calledPaths(calls).filter((path) => path.endsWith('news-summary'))).toHaveLength(2);
    expect(calls.find((call) => call.path.endsWith('news-summary'))?.body).toMatchObject({
      timezone: expect.any(String),
    });
  });

  it('clears the expanded news when fresh news is fetched', async () => {
    const calls = fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/news-summary': () => jsonResponse(200, newsSummary()),
      '/api/insights/news-detail': () => jsonResponse(200, detail),
    });
    expect(await loadNewsDetail(newsItem)).toEqual(detail);
    expect(await loadNewsDetail(newsItem)).toEqual(detail);
    expect(calledPaths(calls).filter((path) => path.endsWith('news-detail'))).toHaveLength(1);

    await loadCachedResource(NewsDigestResource, USER, { isOwnerCurrent });
    await loadNewsDetail(newsItem);

    expect(calledPaths(calls).filter((path) => path.endsWith('news-detail'))).toHaveLength(2);
    expect(calls.find((call) => call.path.endsWith('news-detail'))?.body).toMatchObject({
      id: 'n1',
      title: newsItem.title,
      category: 'Technology',
      summary: newsItem.summary,
      location: 'London',
    });
  });
});

describe('daily refresh limit', () => {
  it('allows one forced refresh per kind and local day, counted apart for events and news', async () => {
    const morning = new Date(2026, 10, 24, 8).getTime();
    expect(await readRefreshesLeft(USER, 'news', morning)).toBe(DAILY_REFRESH_LIMIT);

    await countRefresh(USER, 'news', morning);

    expect(await readRefreshesLeft(USER, 'news', morning + HOUR)).toBe(0);
    expect(await readRefreshesLeft(USER, 'events', morning + HOUR)).toBe(1);
    expect(await readRefreshesLeft('user-2', 'news', morning + HOUR)).toBe(1);
    expect(await readRefreshesLeft(USER, 'news', new Date(2026, 10, 25, 0, 1).getTime())).toBe(1);
  });

  it('purges counts older than 7 days', async () => {
    const first = new Date(2026, 10, 1, 12).getTime();
    await countRefresh(USER, 'events', first);
    await countRefresh(USER, 'news', new Date(2026, 10, 7, 12).getTime());
    expect(await db.insightRefreshCounts.count()).toBe(2);

    await countRefresh(USER, 'news', new Date(2026, 10, 8, 12).getTime());

    const days = (await db.insightRefreshCounts.toArray()).map((row) => row.day).sort();
    expect(days).toEqual([localDay(new Date(2026, 10, 7, 12).getTime()), '2026-11-08']);
  });

  it('forces a refresh once, stores it, then refuses without asking the server', async () => {
    const calls = fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/news-summary': () => jsonResponse(200, newsSummary('Refreshed story')),
    });

    const first = await refreshDigest('news');
    expect(first.status).toBe('refreshed');
    const forced = calls.find((call) => call.path.endsWith('news-summary'));
    expect(forced?.search).toBe('?force=true');
    expect(forced?.body).toMatchObject({ forceRefresh: true, preferences });
    expect((await readCachedResource(NewsDigestResource, USER))?.value.news[0]?.title).toBe(
      'Refreshed story',
    );

    const second = await refreshDigest('news');
    expect(second).toEqual({ status: 'limit-reached' });
    expect(calledPaths(calls).filter((path) => path.endsWith('news-summary'))).toHaveLength(1);
  });

  it('takes the server’s refusal (another device refreshed) as today’s refresh used', async () => {
    const message = "You've reached your daily limit of 1 events refreshes. Try again tomorrow!";
    fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/events-summary': () =>
        jsonResponse(429, { error: message, code: 'INSIGHTS_REFRESH_LIMIT' }),
    });

    expect(await refreshDigest('events')).toEqual({ status: 'limit-reached', serverMessage: message });
    expect(await readRefreshesLeft(USER, 'events')).toBe(0);
  });

  it('does not count a refresh that failed', async () => {
    fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences, updatedAt: null }),
      '/api/insights/events-summary': () => jsonResponse(500, { error: 'Internal error' }),
    });

    expect((await refreshDigest('events')).status).toBe('failed');
    expect(await readRefreshesLeft(USER, 'events')).toBe(1);
  });
});

describe('saving preferences', () => {
  it('keeps the saved set and makes both digests due, still readable until replaced', async () => {
    const saved: InsightPreferences = { ...preferences, industries: ['Finance'] };
    const calls = fakeServer({
      '/api/user/insight-preferences': () => jsonResponse(200, { preferences: saved, updatedAt: 'now' }),
      '/api/insights/events-summary': () => jsonResponse(200, eventsSummary),
    });
    await loadCachedResource(EventsDigestResource, USER, { isOwnerCurrent });

    await savePreferences(saved);

    expect((await readCachedResource(InsightPreferencesResource, USER))?.value.preferences).toEqual(saved);
    const events = await readCachedResource(EventsDigestResource, USER);
    expect(events?.value).toEqual(eventsSummary);
    await loadCachedResource(EventsDigestResource, USER, { isOwnerCurrent });
    expect(calledPaths(calls).filter((path) => path.endsWith('events-summary'))).toHaveLength(2);
  });
});
