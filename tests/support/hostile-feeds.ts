// The feeds that once froze the server (security-review-2 §2.2, §2.8), served by a stand-in publisher
// on loopback: a calendar of 8,000 daily events, an RSS of 20,000 items and an item of 5 MiB of markup.
// Shared by tests/server/hostile-feeds.test.ts and `npm run bench:hostile-feeds`.
import { randomBytes } from 'node:crypto';
import type { LoopbackServer } from './loopback-server';

export interface HostileFeeds {
  calendar: string;
  huge: string;
  markup: string;
}

function dailyCalendar(events: number): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  const vevents = Array.from(
    { length: events },
    (_, index) =>
      `BEGIN:VEVENT\r\nUID:daily-${index}@hostile.test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:${tomorrow}T${String(index % 24).padStart(2, '0')}0000Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Daily class ${index}\r\nLOCATION:Room ${index}\r\nEND:VEVENT`,
  );
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n${vevents.join('\r\n')}\r\nEND:VCALENDAR\r\n`;
}

function rss(items: string[]): string {
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title>${items.join('')}</channel></rss>`;
}

const item = (index: number, description: string) =>
  `<item><title>Story number ${index}</title><link>https://news.test/story/${index}</link><description>${description}</description><pubDate>${new Date().toUTCString()}</pubDate></item>`;

const hugeRss = () => rss(Array.from({ length: 20_000 }, (_, index) => item(index, `About story ${index}.`)));
/** 5 MiB of `<p>x</p>`, escaped as RSS carries HTML; a number no story of the big feed has. */
const markupRss = () => rss([item(99_999, '&lt;p&gt;x&lt;/p&gt;'.repeat(Math.ceil((5 * 1024 * 1024) / 19)))]);

/** Serves the three feeds under a path of their own on `publisher`; answers their URLs. */
export function serveHostileFeeds(publisher: LoopbackServer): HostileFeeds {
  const run = randomBytes(4).toString('hex');
  const paths = { calendar: `/${run}/classes.ics`, huge: `/${run}/huge.rss`, markup: `/${run}/markup.rss` };
  publisher.on(paths.calendar, { headers: { 'content-type': 'text/calendar' }, body: dailyCalendar(8_000) });
  publisher.on(paths.huge, { headers: { 'content-type': 'application/rss+xml' }, body: hugeRss() });
  publisher.on(paths.markup, { headers: { 'content-type': 'application/rss+xml' }, body: markupRss() });
  return {
    calendar: publisher.url(paths.calendar),
    huge: publisher.url(paths.huge),
    markup: publisher.url(paths.markup),
  };
}

/** What a server needs to read them: the feeds, a size cap above 5 MiB, and loopback allowed. */
export function hostileFeedsEnv(feeds: HostileFeeds): Record<string, string> {
  return {
    NEWS_FEEDS: `${feeds.huge},${feeds.markup}`,
    EVENT_FEEDS: feeds.calendar,
    FEED_MAX_BYTES: String(8 * 1024 * 1024),
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  };
}

export interface HealthProbe {
  /** Stops asking; answers every answer's time in ms. */
  stop(): Promise<number[]>;
}

/** Asks `<baseUrl>/api/health/live` every 25 ms, each time timing the answer, until stopped. */
export function probeHealth(baseUrl: string): HealthProbe {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health/live`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times;
    },
  };
}

/** The answer time that `share` of the answers were within (0.99: the p99). */
export function percentile(times: readonly number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
}
