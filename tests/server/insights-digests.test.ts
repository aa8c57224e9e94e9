import { expect, it, vi } from 'vitest';
import { pruneMemberInsights } from '../../server/modules/insights/queries';
import { createMember, json } from './helpers';
import { describeInsights, fetchFeedsNow, insightCalls, type Json } from './insights-helpers';

interface NewsAnswer {
  news: { id: string; title: string; url: string; summary: string; reasons: string[]; category: string }[];
  digest: { text: string; itemIds: string[] }[];
  producedBy: string;
  fromCache: boolean;
  timezone: string;
  refresh: { limit: number; used: number; remaining: number };
}
interface EventsAnswer {
  events: {
    id: string;
    title: string;
    reasons: string[];
    type: string;
    industry: string;
    url: string;
    date: string;
  }[];
  summary: string;
  producedBy: string;
  fromCache: boolean;
  refresh: { limit: number; used: number; remaining: number };
}

const HEALTH = { industries: ['Healthcare'], technologies: ['Artificial Intelligence'] };
const FINTECH_IN_LONDON = {
  industries: ['Finance'],
  technologies: ['Fintech'],
  eventTypes: ['Meetup'],
  locationPreferences: {
    useCurrentLocation: false,
    locationOverride: { country: 'United Kingdom', city: 'London' },
  },
};

describeInsights(
  'insights digests over the sample feed set',
  () => ({}),
  (t) => {
    const { call, savePreferences, newsSummary, eventsSummary, newsDetail } = insightCalls(t);
    const sampleUrls = async () =>
      new Set((await t().db.selectFrom('insight_items').select('url').execute()).map((row) => row.url));

    it('ships a sample set on a fresh install, news dated today and events ahead', async () => {
      const now = new Date();
      await fetchFeedsNow(t(), now);
      const member = await createMember(t());
      const news = json<NewsAnswer>(await newsSummary(member.accessToken));
      expect(news.news.length).toBeGreaterThanOrEqual(10);
      expect(news.producedBy).toBe('extractive');
      expect(news.timezone).toBe('UTC');
      const events = json<EventsAnswer>(await eventsSummary(member.accessToken));
      expect(events.events.length).toBeGreaterThanOrEqual(8);
      for (const event of events.events) expect(Date.parse(event.date)).toBeGreaterThan(now.getTime());
      expect(events.summary).toMatch(/^\d+ upcoming events chosen for you\. Next: /);
    });

    it('puts the news matching the preferences first and says why', async () => {
      const member = await createMember(t());
      const answer = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH }));
      const [first] = answer.news;
      expect(first?.title).toBe('Hospitals adopt AI triage assistants in emergency rooms');
      expect(first?.reasons).toEqual(['Healthcare', 'Artificial Intelligence']);
      expect(first?.category).toBe('Healthcare');
      expect(first?.summary.length).toBeGreaterThan(100);
      const urls = await sampleUrls();
      for (const item of answer.news) expect(urls.has(item.url)).toBe(true);
      expect(answer.digest).toHaveLength(3);
      expect(answer.digest[0]?.itemIds).toEqual([first?.id]);
    });

    it('uses the saved preferences when the request carries none, and the override city for events', async () => {
      const member = await createMember(t());
      await savePreferences(member.accessToken, FINTECH_IN_LONDON);
      const answer = json<EventsAnswer>(await eventsSummary(member.accessToken));
      // The list is in date order (insights-feeds.test.ts): the best match is in it, wherever it falls.
      expect(answer.events.find((event) => event.title === 'Fintech Founders Meetup')).toMatchObject({
        title: 'Fintech Founders Meetup',
        type: 'Meetup',
        industry: 'finance',
        reasons: ['Finance', 'Fintech', 'Meetup', 'London', 'United Kingdom'],
      });
    });

    it('answers from the cache until the preferences change, and says so', async () => {
      const member = await createMember(t());
      const first = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH }));
      expect(first.fromCache).toBe(false);
      const second = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH }));
      expect(second).toMatchObject({ fromCache: true, news: first.news });
      const other = json<NewsAnswer>(
        await newsSummary(member.accessToken, { preferences: FINTECH_IN_LONDON }),
      );
      expect(other.fromCache).toBe(false);
      const cached = json(
        await call('POST', '/api/insights/cached', member.accessToken, { type: 'news', preferences: HEALTH }),
      );
      expect(cached).toMatchObject({ type: 'news', cached: { news: first.news, fromCache: true } });
      const none = json(
        await call('POST', '/api/insights/cached', member.accessToken, {
          type: 'events',
          preferences: HEALTH,
        }),
      );
      expect(none).toEqual({ type: 'events', cached: null });
    });

    it('keeps a news digest only for the calendar day of the member', async () => {
      const member = await createMember(t());
      await newsSummary(member.accessToken, { preferences: HEALTH, timezone: 'UTC' });
      // The same instant is another day 14 hours east or west of UTC most of the time: at least one differs.
      const east = json<NewsAnswer>(
        await newsSummary(member.accessToken, { preferences: HEALTH, timezone: 'Pacific/Kiritimati' }),
      );
      const west = json<NewsAnswer>(
        await newsSummary(member.accessToken, { preferences: HEALTH, timezone: 'Etc/GMT+12' }),
      );
      expect([east.fromCache, west.fromCache]).toContain(false);
    });

    it('allows one forced refresh a day per kind, then refuses with the spec message and changes nothing', async () => {
      const member = await createMember(t());
      const before = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH }));
      expect(before.refresh).toEqual({ limit: 1, used: 0, remaining: 1 });
      const forced = await newsSummary(member.accessToken, { preferences: HEALTH }, true);
      expect(forced.statusCode).toBe(200);
      expect(json<NewsAnswer>(forced)).toMatchObject({
        fromCache: false,
        refresh: { limit: 1, used: 1, remaining: 0 },
      });
      const refused = await newsSummary(member.accessToken, { preferences: HEALTH, forceRefresh: true });
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toEqual({
        error: "You've reached your daily limit of 1 news refreshes. Try again tomorrow!",
        code: 'INSIGHTS_REFRESH_LIMIT',
      });
      const after = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH }));
      expect(after).toMatchObject({ fromCache: true, refresh: { used: 1, remaining: 0 } });
      const events = await eventsSummary(member.accessToken, { preferences: HEALTH }, true);
      expect(events.statusCode).toBe(200);
      const eventsRefused = await eventsSummary(member.accessToken, { preferences: HEALTH }, true);
      expect(json(eventsRefused).error).toBe(
        "You've reached your daily limit of 1 events refreshes. Try again tomorrow!",
      );
    });

    it('explains a news item in paragraphs with key points and only real feed links', async () => {
      const member = await createMember(t());
      const [item] = json<NewsAnswer>(await newsSummary(member.accessToken, { preferences: HEALTH })).news;
      if (!item) throw new Error('no news');
      const detail = await newsDetail(member.accessToken, {
        id: item.id,
        title: item.title,
        category: item.category,
        summary: item.summary,
        location: '',
      });
      expect(detail.statusCode).toBe(200);
      const body = json<{
        detailedSummary: string;
        keyPoints: string[];
        relatedLinks: { url: string; title: string }[];
        producedBy: string;
      }>(detail);
      expect(body.detailedSummary.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(body.keyPoints).toHaveLength(3);
      expect(body.relatedLinks[0]).toEqual({
        title: item.title,
        source: 'Tapnet sample news',
        url: item.url,
      });
      const urls = await sampleUrls();
      for (const link of body.relatedLinks) expect(urls.has(link.url)).toBe(true);
      expect(body.producedBy).toBe('extractive');
    });

    it('explains an item the feeds no longer hold from the summary the client sent', async () => {
      const member = await createMember(t());
      const detail = await newsDetail(member.accessToken, {
        title: 'A story that is gone',
        category: 'Technology',
        summary: 'The first sentence stays. The second one too.',
        location: '',
      });
      expect(detail.statusCode).toBe(200);
      expect(json(detail).detailedSummary).toBe('The first sentence stays. The second one too.');
    });

    it('primes both digests in the background', async () => {
      const member = await createMember(t());
      const primed = await call('POST', '/api/insights/prime', member.accessToken);
      expect(primed.statusCode).toBe(202);
      expect(json(primed)).toEqual({ status: 'priming' });
      await vi.waitFor(
        async () => {
          const stats = json<{ entries: Json[] }>(
            await call('GET', '/api/insights/cache/stats', member.accessToken),
          );
          expect(stats.entries.map((entry) => entry.type).sort()).toEqual(['events', 'news']);
        },
        { timeout: 10_000, interval: 50 },
      );
      const events = json<EventsAnswer>(await eventsSummary(member.accessToken));
      expect(events.fromCache).toBe(true);
    });

    it('reports the member’s cache and the store, and clears the member’s cache by type', async () => {
      const member = await createMember(t());
      await newsSummary(member.accessToken);
      await eventsSummary(member.accessToken);
      const stats = json<{ entries: Json[]; store: Json; summariser: string; refresh: Json }>(
        await call('GET', '/api/insights/cache/stats', member.accessToken),
      );
      expect(stats.entries).toHaveLength(2);
      expect(stats.store).toMatchObject({ feeds: 0 });
      expect(stats.store.newsItems).toBeGreaterThanOrEqual(14);
      expect(stats.summariser).toBe('extractive');
      expect(stats.refresh).toEqual({
        events: { limit: 1, used: 0, remaining: 1 },
        news: { limit: 1, used: 0, remaining: 1 },
      });
      const clearedNews = await call('DELETE', '/api/insights/cache/my', member.accessToken, {
        type: 'news',
      });
      expect(json(clearedNews)).toEqual({ message: 'Insights cache cleared', cleared: 1 });
      const clearedAll = await t().app.inject({
        method: 'DELETE',
        url: '/api/insights/cache/my',
        headers: { authorization: `Bearer ${member.accessToken}`, 'content-type': 'application/json' },
      });
      expect(json(clearedAll)).toEqual({ message: 'Insights cache cleared', cleared: 1 });
      expect(json(await newsSummary(member.accessToken)).fromCache).toBe(false);
    });

    it('records clicks on items it holds and refuses unknown ones', async () => {
      const member = await createMember(t());
      const [item] = json<NewsAnswer>(await newsSummary(member.accessToken)).news;
      const clicked = await call('POST', '/api/insights/track/click', member.accessToken, {
        type: 'news',
        itemId: item?.id,
        action: 'open',
      });
      expect(clicked.statusCode).toBe(200);
      const unknown = await call('POST', '/api/insights/track/click', member.accessToken, {
        type: 'news',
        itemId: 'no-such-item',
        action: 'open',
      });
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toEqual({
        error: 'This item is no longer available',
        code: 'INSIGHT_ITEM_NOT_FOUND',
      });
    });

    it('purges refresh counts older than 7 days and expired digests, keeping the rest', async () => {
      const member = await createMember(t());
      await newsSummary(member.accessToken, {}, true);
      const user = await t()
        .db.selectFrom('users')
        .select('id')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow();
      await t()
        .db.insertInto('insight_refreshes')
        .values({ user_id: user.id, kind: 'events', day: '2000-01-01', used: 1 })
        .execute();
      const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
      await pruneMemberInsights(t().db, new Date());
      const kept = await t()
        .db.selectFrom('insight_refreshes')
        .select('day')
        .where('user_id', '=', user.id)
        .execute();
      expect(kept.map((row) => row.day)).toEqual([new Date().toISOString().slice(0, 10)]);
      await pruneMemberInsights(t().db, inEightDays);
      expect(
        await t().db.selectFrom('insight_refreshes').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual([]);
      expect(
        await t().db.selectFrom('insight_digests').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual([]);
    });

    it('refuses bad input with a 400 and signed-out calls with a 401', async () => {
      const member = await createMember(t());
      const badZone = await newsSummary(member.accessToken, { timezone: 'Mars/Olympus' });
      expect(badZone.statusCode).toBe(400);
      expect(json(badZone).errors).toEqual(['Unknown time zone']);
      const badType = await call('POST', '/api/insights/cached', member.accessToken, { type: 'weather' });
      expect(badType.statusCode).toBe(400);
      const tooMany = await newsSummary(member.accessToken, {
        preferences: { industries: ['Technology', 'Finance', 'Healthcare', 'Retail'] },
      });
      expect(tooMany.statusCode).toBe(400);
      for (const url of [
        '/api/insights/news-summary',
        '/api/insights/events-summary',
        '/api/insights/prime',
      ]) {
        expect((await t().app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
      }
    });
  },
);
