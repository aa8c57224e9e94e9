// Budget of a flood (README "Budgets"): 10,000 attack requests from 500 addresses (file probes,
// scanners, injections, missing paths) spread over a minute, in batches of 50, while a member keeps
// asking for their contacts (304) the whole time; the member's p99 beside a quiet baseline, and how
// many event rows the flood left (bounded by sampling per address and type). Prints figures; not a test.
//
//   npm run bench:security-flood      (BENCH_ATTACKS, BENCH_ADDRESSES, BENCH_FLOOD_SECONDS tune it;
//                                       BENCH_FLOOD_SECONDS=0 sends them as fast as one process can)
import { performance } from 'node:perf_hooks';
import { startBenchApp } from './security-support';
import { median, percentile } from './support/figures';

const ATTACKS = Number(process.env.BENCH_ATTACKS ?? 10_000);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 500);
const MEMBER_REQUESTS = Number(process.env.BENCH_MEMBER_REQUESTS ?? 2000);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 60);
const BUDGET_SLOWDOWN = 0.2;
const ATTACK_PATHS = [
  '/.env',
  '/wp-login.php',
  '/api/nfc/x?id=1%27%20OR%201=1--%20',
  '/missing-',
  '/.git/config',
  '/index.php',
];

const target = await startBenchApp({ SECURITY_MONITORING: 'on' });
const { app, member } = target;

/** The member's 304s, `count` of them, or as long as `isGoing()` says when given. */
async function memberLatencies(count: number, isGoing?: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; isGoing ? isGoing() : n < count; n += 1) {
    const started = performance.now();
    await app.inject({ method: 'GET', url: '/api/contact', headers: member, remoteAddress: '192.0.2.10' });
    times.push(performance.now() - started);
    // A 304 is now answered from memory without any I/O, so without this turn of the event loop the
    // member's calls would run back to back on microtasks and the flood's timers would never fire.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return times;
}

let isFlooding = true;

async function flood(): Promise<number> {
  const started = performance.now();
  const batch = 50;
  const batchEveryMs = (FLOOD_SECONDS * 1000 * batch) / ATTACKS;
  for (let sent = 0; sent < ATTACKS; sent += batch) {
    const due = started + (sent / batch) * batchEveryMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await Promise.all(
      Array.from({ length: batch }, (_, index) => {
        const n = sent + index;
        const path = ATTACK_PATHS[n % ATTACK_PATHS.length] ?? '/';
        return app.inject({
          method: 'GET',
          url: path === '/missing-' ? `${path}${n}` : path,
          headers: { 'user-agent': n % 7 === 0 ? 'sqlmap/1.7' : 'python-requests/2.31' },
          remoteAddress: `198.18.${Math.floor((n % ADDRESSES) / 250)}.${((n % ADDRESSES) % 250) + 1}`,
        });
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  isFlooding = false;
  return performance.now() - started;
}

// Warmed up first, so that the quiet baseline is not the JIT's first calls.
await memberLatencies(MEMBER_REQUESTS);
const quiet = await memberLatencies(MEMBER_REQUESTS * 5);
const [loaded, floodMs] = await Promise.all([memberLatencies(MEMBER_REQUESTS, () => isFlooding), flood()]);
await app.security.settle();
const rows = await app.ctx.db
  .selectFrom('security_events')
  .select((eb) => eb.fn.countAll<string>().as('count'))
  .executeTakeFirstOrThrow();
const daily = await app.ctx.db
  .selectFrom('security_event_daily')
  .select([
    (eb) => eb.fn.sum<string>('count').as('count'),
    (eb) => eb.fn.sum<string>('suppressed').as('suppressed'),
  ])
  .executeTakeFirstOrThrow();
const blocks = await app.ctx.db
  .selectFrom('security_blocks')
  .select((eb) => eb.fn.countAll<string>().as('count'))
  .executeTakeFirstOrThrow();

const quietP99 = percentile(quiet, 0.99);
const loadedP99 = percentile(loaded, 0.99);
const slowdown = loadedP99 / quietP99 - 1;
console.log(
  `flood: ${ATTACKS} attack requests from ${ADDRESSES} addresses in ${(floodMs / 1000).toFixed(1)} s`,
);
console.log(
  `member 304: quiet median ${median(quiet).toFixed(3)} ms p99 ${quietP99.toFixed(3)} ms (${quiet.length}); during the flood median ${median(loaded).toFixed(3)} ms p99 ${loadedP99.toFixed(3)} ms (${loaded.length})`,
);
console.log(
  `member p99 ${slowdown >= 0 ? 'slower' : 'faster'} by ${(Math.abs(slowdown) * 100).toFixed(1)} % (budget ${BUDGET_SLOWDOWN * 100} %): ${slowdown <= BUDGET_SLOWDOWN ? 'within' : 'OVER'}`,
);
console.log(
  `events: ${rows.count} rows stored, ${daily.count} counted (${daily.suppressed} only counted); ${blocks.count} addresses blocked`,
);
await target.close();
