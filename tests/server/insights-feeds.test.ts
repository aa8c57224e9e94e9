// Feeds are served by a stand-in publisher on loopback (tests have no internet): the one boundary mocked.
// The publisher is on this machine, so the tests list 127.0.0.1 in OUTBOUND_ALLOW_HOSTS.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshFeeds } from '../../server/modules/insights/feeds/refresh-feeds';
import { type LoopbackServer, startLoopbackServer } from '../support/loopback-server';
import { createMember, json, type TestContext } from './helpers';
import { describeInsights, insightCalls } from './insights-helpers';

let publisher: LoopbackServer;
beforeAll(async () => {
  publisher = await startLoopbackServer();
});
afterAll(async () => {
  await publisher.close();
});

const NOW = new Date('2026-10-15T08:00:00Z');
let path = 0;
/** A fresh path per feed, so tests never share one. */
const newPath = (extension: string) => `/feed-${++path}.${extension}`;

function rss(items: { title: string; link: string; description?: string; pubDate?: string }[]) {
  const entries = items.map(
    (item) =>
      `<item><title>${item.title}</title><link>${item.link}</link><description>${item.description ?? ''}</description><pubDate>${item.pubDate ?? 'Wed, 14 Oct 2026 10:00:00 GMT'}</pubDate></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback News</title>${entries.join('')}</channel></rss>`;
}

/** A calendar of one-off events, each `daysAhead` from now at 10:00 UTC. */
function calendarOf(events: { title: string; daysAhead: number; categories: string; location: string }[]) {
  const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const entries = events.map((event, index) => {
    const start = new Date();
    start.setUTCHours(10, 0, 0, 0);
    start.setUTCDate(start.getUTCDate() + event.daysAhead);
    return `BEGIN:VEVENT\nUID:dated-${index}@tests\nDTSTAMP:20261001T000000Z\nDTSTART:${stamp(start)}\nSUMMARY:${event.title}\nLOCATION:${event.location}\nCATEGORIES:${event.categories}\nEND:VEVENT`;
  });
  return `BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Tapnet tests//EN\nX-WR-CALNAME:Dated Calendar\n${entries.join('\n')}\nEND:VCALENDAR`;
}

const BERLIN_CALENDAR = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Tapnet tests//EN
X-WR-CALNAME:Berlin Tech Calendar
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:STANDARD
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
UID:weekly-ai@tests
DTSTAMP:20261001T000000Z
DTSTART;TZID=Europe/Berlin:20261006T183000
DTEND;TZID=Europe/Berlin:20261006T203000
RRULE:FREQ=WEEKLY;COUNT=6
SUMMARY:Berlin AI Meetup
DESCRIPTION:Talks &amp; demos on <b>AI</b>.
LOCATION:Berlin, Germany
URL:https://meetup.example/ai
CATEGORIES:Meetup,Technology
END:VEVENT
BEGIN:VEVENT
UID:every-minute@tests
DTSTAMP:20261001T000000Z
DTSTART:20261015T090000Z
RRULE:FREQ=MINUTELY
SUMMARY:Noisy feed
END:VEVENT
END:VCALENDAR`;

describeInsights(
  'insights feeds',
  () => ({ FEED_MAX_BYTES: '4000', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }),
  (t) => {
    const fetchOnly = (t: TestContext, feeds: { news?: string[]; events?: string[] }, now = NOW) =>
      refreshFeeds(
        {
          db: t.app.ctx.db,
          config: {
            ...t.app.ctx.config.insights,
            newsFeeds: feeds.news ?? [],
            eventFeeds: feeds.events ?? [],
          },
        },
        now,
      );
    const stored = (feedUrl: string) =>
      t()
        .db.selectFrom('insight_items')
        .selectAll()
        .where('feed_url', '=', feedUrl)
        .orderBy('starts_at')
        .execute();

    it('stores a feed as plain text and asks again with its validators, taking a 304 as unchanged', async () => {
      const feedPath = newPath('xml');
      publisher.on(feedPath, (request) =>
        request.headers['if-none-match'] === '"v1"'
          ? { status: 304 }
          : {
              headers: {
                etag: '"v1"',
                'last-modified': 'Wed, 14 Oct 2026 10:00:00 GMT',
                'content-type': 'application/rss+xml',
              },
              body: rss([
                {
                  title: 'Caf&amp;eacute; chains &amp; AI',
                  link: 'https://news.example/cafe',
                  description:
                    '&lt;p&gt;Body &amp;amp; more &lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;',
                },
              ]),
            },
      );
      const url = publisher.url(feedPath);
      const first = await fetchOnly(t(), { news: [url] });
      expect(first.feeds[url]).toBe(1);
      const [item] = await stored(url);
      expect(item).toMatchObject({
        title: 'Café chains & AI',
        body: 'Body & more bold',
        source: 'Loopback News',
      });
      const second = await fetchOnly(t(), { news: [url] });
      expect(second.feeds[url]).toBe('not_modified');
      const [, again] = publisher.requests(feedPath);
      expect(again?.headers).toMatchObject({
        'if-none-match': '"v1"',
        'if-modified-since': 'Wed, 14 Oct 2026 10:00:00 GMT',
      });
    });

    it('refuses a body over the size cap, an HTML page and broken XML, and keeps nothing of them', async () => {
      const big = newPath('xml');
      publisher.on(big, {
        body: rss([{ title: 'Huge', link: 'https://news.example/huge', description: 'x'.repeat(5_000) }]),
      });
      const html = newPath('html');
      publisher.on(html, {
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html><body><h1>Blog</h1></body></html>',
      });
      const broken = newPath('xml');
      publisher.on(broken, { body: '<?xml version="1.0"?><rss version="2.0"><channel><item><title>Cut off' });
      const urls = [big, html, broken].map((one) => publisher.url(one));
      const run = await fetchOnly(t(), { news: urls });
      expect(run.feeds[urls[0] as string]).toEqual({ failed: 'Larger than 4000 bytes' });
      expect(run.feeds[urls[1] as string]).toEqual({ failed: 'Not a news feed: Unrecognized feed format' });
      expect(run.feeds[urls[2] as string]).toMatchObject({
        failed: expect.stringMatching(/^Not a news feed: /),
      });
      for (const url of urls) expect(await stored(url)).toEqual([]);
    });

    it('refuses a redirect to another loopback address, and a feed on this machine nobody listed', async () => {
      const moved = newPath('xml');
      const port = new URL(publisher.url('/')).port;
      publisher.on(moved, {
        status: 302,
        headers: { location: `http://127.0.0.2:${port}/internal-admin?from=feed` },
      });
      const url = publisher.url(moved);
      expect((await fetchOnly(t(), { news: [url] })).feeds[url]).toEqual({
        failed: 'Refused: 127.0.0.2 a loopback address: list it in OUTBOUND_ALLOW_HOSTS to allow it',
      });
      const unlisted = newPath('xml');
      publisher.on(unlisted, { body: rss([{ title: 'Internal', link: 'https://intranet.example/1' }]) });
      const unlistedUrl = publisher.url(unlisted);
      const run = await refreshFeeds(
        {
          db: t().app.ctx.db,
          config: { ...t().app.ctx.config.insights, newsFeeds: [unlistedUrl], outboundAllowHosts: [] },
        },
        NOW,
      );
      expect(run.feeds[unlistedUrl]).toEqual({
        failed: 'Refused: 127.0.0.1 a loopback address: list it in OUTBOUND_ALLOW_HOSTS to allow it',
      });
      expect(publisher.requests('/internal-admin')).toHaveLength(0);
      expect(publisher.requests(unlisted)).toHaveLength(0);
    });

    it('backs off after a 429 for as long as Retry-After asks, and does not ask again before', async () => {
      const limited = newPath('xml');
      publisher.on(limited, { status: 429, headers: { 'retry-after': '3600' } });
      const url = publisher.url(limited);
      expect((await fetchOnly(t(), { news: [url] })).feeds[url]).toEqual({ failed: 'HTTP 429' });
      const feed = await t()
        .db.selectFrom('insight_feeds')
        .selectAll()
        .where('url', '=', url)
        .executeTakeFirstOrThrow();
      expect(new Date(feed.next_fetch_at).getTime()).toBe(NOW.getTime() + 3_600_000);
      expect(feed.failure_count).toBe(1);
      const soon = new Date(NOW.getTime() + 60_000);
      expect((await fetchOnly(t(), { news: [url] }, soon)).feeds[url]).toBe('not_due');
      expect(publisher.requests(limited)).toHaveLength(1);
    });

    it('keeps one copy of a story two feeds carry: same URL without tracking, or same title', async () => {
      const first = newPath('xml');
      publisher.on(first, {
        body: rss([
          { title: 'Banks move to the cloud', link: 'https://www.news.example/banks?utm_source=rss&id=7' },
          { title: 'Chip makers expand', link: 'https://news.example/chips' },
        ]),
      });
      const second = newPath('xml');
      publisher.on(second, {
        body: rss([
          { title: 'Banks move to cloud (updated)', link: 'https://news.example/banks?id=7#top' },
          { title: 'Chip Makers Expand!', link: 'https://other.example/chips-story' },
          { title: 'Only here', link: 'https://other.example/only' },
        ]),
      });
      const [one, two] = [publisher.url(first), publisher.url(second)];
      await fetchOnly(t(), { news: [one as string, two as string] });
      // The feeds are fetched side by side: whichever arrives first keeps the story.
      const all = [...(await stored(one as string)), ...(await stored(two as string))].map(
        (row) => row.title,
      );
      expect(all).toHaveLength(3);
      expect(all.filter((title) => /^banks move to/i.test(title))).toHaveLength(1);
      expect(all.filter((title) => /^chip makers expand/i.test(title))).toHaveLength(1);
      expect(all).toContain('Only here');
    });

    it('expands a recurring event in its time zone over the horizon, and bounds a runaway rule', async () => {
      const calendar = newPath('ics');
      publisher.on(calendar, { headers: { 'content-type': 'text/calendar' }, body: BERLIN_CALENDAR });
      const url = publisher.url(calendar);
      await fetchOnly(t(), { events: [url] });
      const rows = await stored(url);
      const meetups = rows.filter((row) => row.title === 'Berlin AI Meetup');
      // 18:30 in Berlin: 16:30 UTC in summer time, 17:30 UTC after the clocks go back on 25 October.
      expect(meetups.map((row) => new Date(row.starts_at).toISOString())).toEqual([
        '2026-10-20T16:30:00.000Z',
        '2026-10-27T17:30:00.000Z',
        '2026-11-03T17:30:00.000Z',
        '2026-11-10T17:30:00.000Z',
      ]);
      expect(meetups[0]).toMatchObject({
        body: 'Talks & demos on AI.',
        location: 'Berlin, Germany',
        url: 'https://meetup.example/ai',
        source: 'Berlin Tech Calendar',
      });
      expect(rows.filter((row) => row.title === 'Noisy feed').length).toBeLessThanOrEqual(60);
    });

    it('drops occurrences a calendar no longer lists', async () => {
      const calendar = newPath('ics');
      // Another event than the test above stored: one title at one start from two calendars is one event.
      const own = BERLIN_CALENDAR.replace('SUMMARY:Berlin AI Meetup', 'SUMMARY:Berlin Data Meetup');
      let body = own;
      publisher.on(calendar, () => ({ body }));
      const url = publisher.url(calendar);
      const meetupsOf = async () => (await stored(url)).filter((row) => row.title === 'Berlin Data Meetup');
      await fetchOnly(t(), { events: [url] });
      expect(await meetupsOf()).toHaveLength(4);
      body = own.replace('RRULE:FREQ=WEEKLY;COUNT=6', 'RRULE:FREQ=WEEKLY;COUNT=3');
      await fetchOnly(t(), { events: [url] });
      const meetups = await meetupsOf();
      expect(meetups.map((row) => new Date(row.starts_at).toISOString())).toEqual([
        '2026-10-20T16:30:00.000Z',
      ]);
    });

    it('lists a member’s events in date order and names the soonest as "Next", whichever matches best', async () => {
      const calendar = newPath('ics');
      publisher.on(calendar, {
        headers: { 'content-type': 'text/calendar' },
        body: calendarOf([
          { title: 'Fintech Founders Night', daysAhead: 5, categories: 'Meetup,Fintech', location: 'London' },
          { title: 'Harbour Breakfast', daysAhead: 1, categories: 'Networking', location: 'London' },
          {
            title: 'Payments Fintech Meetup',
            daysAhead: 3,
            categories: 'Meetup,Fintech',
            location: 'London',
          },
        ]),
      });
      await fetchOnly(t(), { events: [publisher.url(calendar)] }, new Date());
      const member = await createMember(t());
      const preferences = {
        technologies: ['Fintech'],
        eventTypes: ['Meetup'],
        locationPreferences: {
          useCurrentLocation: false,
          locationOverride: { country: 'United Kingdom', city: 'London' },
        },
      };
      const answer = json<{ events: { title: string; startDate: string }[]; summary: string }>(
        await insightCalls(t).eventsSummary(member.accessToken, { preferences }),
      );

      const starts = answer.events.map((event) => Date.parse(event.startDate));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const titles = answer.events.map((event) => event.title);
      const ours = ['Harbour Breakfast', 'Payments Fintech Meetup', 'Fintech Founders Night'];
      expect(titles.filter((title) => ours.includes(title))).toEqual(ours);
      const [next] = answer.events;
      expect(answer.summary).toContain(`chosen for you. Next: ${next?.title} on `);
    });

    it('replaces the sample set once real feeds are configured', async () => {
      await fetchOnly(t(), {});
      expect((await stored('sample:news')).length).toBeGreaterThan(0);
      const feedPath = newPath('xml');
      publisher.on(feedPath, { body: rss([{ title: 'Real news', link: 'https://news.example/real' }]) });
      await fetchOnly(t(), { news: [publisher.url(feedPath)] });
      expect(await stored('sample:news')).toEqual([]);
      expect(await stored('sample:events')).toEqual([]);
    });
  },
);
