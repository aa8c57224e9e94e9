// Budget of the news digest (README "Budgets"): POST /api/insights/news-summary for a member with full
// preferences over 2,000 stored news items, extractive summaries, the cache emptied before every call so
// that each one ranks and summarises afresh. On embedded PGlite and on PostgreSQL; prints every run and
// the median. It is not a test.
//
//   npm run bench:news-summary
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:news-summary
//
// BENCH_DATABASE_URL (or DATABASE_URL) names a server on which a throwaway database is created and
// dropped; without one the PostgreSQL row is skipped. BENCH_RUNS and BENCH_ITEMS tune the run.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { INDUSTRIES, TECHNOLOGIES } from '../contract/insight-options';
import type { FeedEntry } from '../server/modules/insights/feeds/entries';
import { storeEntries } from '../server/modules/insights/feeds/item-store';
import { startBenchAppOn } from './support/bench-app';
import { signUpBenchMember } from './support/bench-member';
import { median } from './support/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 2_000);
const FEEDS = 20;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const BUDGET_MS = 100;

const FULL_PREFERENCES = {
  industries: ['Technology', 'Finance', 'Healthcare'],
  technologies: ['Artificial Intelligence', 'Cloud Computing', 'Cybersecurity', 'Blockchain', 'Fintech'],
  companies: ['Acme', 'Globex', 'Initech'],
  eventTypes: ['Conference', 'Meetup', 'Workshop'],
  businessStages: ['Seed', 'Series A'],
  customInterests: 'open banking, payments, developer tools',
  locationPreferences: {
    useCurrentLocation: false,
    preferredCountries: ['Germany', 'United Kingdom'],
    preferredCities: ['Berlin', 'London'],
    locationOverride: { country: 'United Kingdom', city: 'London' },
  },
};

/** News items of many topics over the last week, each a paragraph long like a feed's description. */
function syntheticNews(feed: number, count: number, now: Date): FeedEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const industry = INDUSTRIES[(feed + index) % INDUSTRIES.length];
    const technology = TECHNOLOGIES[(feed * 7 + index) % TECHNOLOGIES.length];
    const company = ['Acme', 'Globex', 'Umbrella', 'Initech', 'Hooli'][index % 5];
    return {
      title: `${company} brings ${technology} to ${industry} (${feed}-${index})`,
      url: `https://news${feed}.example/story/${index}`,
      body: [
        `${company} announced a new ${technology} offering for the ${industry} sector on ${index % 7 === 0 ? 'Monday' : 'Tuesday'}.`,
        `Executives said customers in ${index % 2 ? 'Berlin' : 'Paris'} asked for it after a pilot last year.`,
        'Analysts expect rivals to follow within months, though prices were not disclosed.',
        `The company, which raised a ${index % 3 ? 'Series A' : 'seed'} round, plans to hire more engineers.`,
      ].join(' '),
      categories: [industry ?? '', technology ?? ''],
      location: '',
      startsAt: new Date(now.getTime() - ((index * 37) % (7 * 24 * 60)) * 60_000),
      endsAt: null,
      isAllDay: false,
    };
  });
}

interface Timings {
  wallMs: number[];
  /** CPU time of this process per call: stays meaningful when other jobs load the machine (PGlite runs in it; PostgreSQL's own work is not counted). */
  cpuMs: number[];
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Timings> {
  const { app, connection, sink, close } = await startBenchAppOn(kind, POSTGRES_URL, {
    FEED_REFRESH_MINUTES: '0',
  });
  try {
    const now = new Date();
    for (let feed = 0; feed < FEEDS; feed += 1) {
      const source = {
        url: `https://news${feed}.example/feed`,
        kind: 'news' as const,
        title: `News ${feed}`,
      };
      await storeEntries(connection.db, source, syntheticNews(feed, ITEMS / FEEDS, now), now);
    }
    const { authorization } = await signUpBenchMember(app, sink);
    const headers = { authorization };
    const timings: Timings = { wallMs: [], cpuMs: [] };
    // One unmeasured call first: it warms the JIT and the database's caches.
    for (let run = 0; run <= RUNS; run += 1) {
      await app.inject({ method: 'DELETE', url: '/api/insights/cache/my', headers });
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/insights/news-summary',
        headers,
        payload: { preferences: FULL_PREFERENCES, timezone: 'Europe/Berlin' },
      });
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const body = answer.json() as { news: unknown[]; producedBy: string; fromCache: boolean };
      if (answer.statusCode !== 200 || body.fromCache || body.producedBy !== 'extractive') {
        throw new Error(`unexpected answer: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      if (run > 0) {
        timings.wallMs.push(elapsed);
        timings.cpuMs.push((cpu.user + cpu.system) / 1000);
      }
    }
    return timings;
  } finally {
    await close();
  }
}

const kinds: ('pglite' | 'postgres')[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
console.log(`news-summary over ${ITEMS} stored items, full preferences, extractive, ${RUNS} runs each`);
for (const kind of kinds) {
  const timings = await measure(kind);
  const p50 = median(timings.wallMs);
  console.log(`${kind.padEnd(8)} runs (ms): ${timings.wallMs.map((ms) => ms.toFixed(1)).join(' ')}`);
  console.log(`${kind.padEnd(8)} CPU per call (ms): ${timings.cpuMs.map((ms) => ms.toFixed(1)).join(' ')}`);
  console.log(
    `${kind.padEnd(8)} CPU p50 ${median(timings.cpuMs).toFixed(1)} ms; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `${kind.padEnd(8)} p50 ${p50.toFixed(1)} ms (budget ${BUDGET_MS} ms: ${p50 <= BUDGET_MS ? 'within' : 'OVER'})`,
  );
}
if (!POSTGRES_URL) console.log('postgres skipped: set BENCH_DATABASE_URL');
