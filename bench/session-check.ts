// What the per-request session check costs (issue 30 point 4): the guard refuses a token whose session
// has ended, and each process remembers the sessions it found open until the database's notice that one
// ended (server/modules/sessions/open-sessions.ts). One app, one member, one run, three kinds of the
// same authenticated request (GET /api/contact answered 304 through app.inject), interleaved per round:
//   - none:       a token without a session (as issued before sessions were kept): no check, no activity;
//   - remembered: the member's token, its session known open to this process (the usual request);
//   - cold:       the same token with the session forgotten before each request (one query each, as
//                 after a notice or in a process that has not seen the session yet).
// Prints every round's CPU time per request (user + system of this process, which runs the app and,
// on PGlite, the database) and the medians; it is not a test.
//
//   npm run bench:session-check                              (PGlite on disk, as DATA_DIR)
//   BENCH_DATABASE_URL=postgres://… npm run bench:session-check   (also a throwaway PostgreSQL database)
//
// BENCH_ROUNDS (default 10) and BENCH_REQUESTS (default 500 per kind and round) tune it.
import type { FastifyInstance } from 'fastify';
import { startBenchAppOn } from './support/bench-app';
import { signUpBenchMember } from './support/bench-member';
import { median } from './support/figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const KINDS = ['none', 'remembered', 'cold'] as const;
type Kind = (typeof KINDS)[number];

/** The token's claims, read without checking: the bench made the token itself. */
function claimsOf(authorization: string): { sub: string; sid: string } {
  const payload = authorization.replace(/^Bearer /, '').split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string };
}

/** CPU microseconds per request for `count` requests of one kind. */
async function measure(
  app: FastifyInstance,
  headers: Record<string, string>,
  beforeEach: () => void,
): Promise<number> {
  const started = process.cpuUsage();
  for (let index = 0; index < REQUESTS; index += 1) {
    beforeEach();
    const response = await app.inject({ method: 'GET', url: '/api/contact', headers });
    if (response.statusCode !== 304) throw new Error(`expected 304, got ${response.statusCode}`);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REQUESTS;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await startBenchAppOn(kind, POSTGRES_URL);
  try {
    const { app } = bench;
    const { authorization } = await signUpBenchMember(app, bench.sink);
    const { sub, sid } = claimsOf(authorization);
    const sessionless = `Bearer ${await app.ctx.tokens.signAccessToken({ userId: sub, role: 'user' })}`;
    const list = await app.inject({ method: 'GET', url: '/api/contact', headers: { authorization } });
    const etag = String(list.headers.etag);
    const open = app.ctx.changeNotices.remember<true>('member_sessions');
    const runs: Record<Kind, () => Promise<number>> = {
      none: () => measure(app, { authorization: sessionless, 'if-none-match': etag }, () => {}),
      remembered: () => measure(app, { authorization, 'if-none-match': etag }, () => {}),
      cold: () => measure(app, { authorization, 'if-none-match': etag }, () => open.forget(sid)),
    };
    const results: Record<Kind, number[]> = { none: [], remembered: [], cold: [] };
    // Round 0 warms the JIT and the caches and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      const line: string[] = [];
      for (const which of KINDS) {
        const micros = await runs[which]();
        if (round > 0) results[which].push(micros);
        line.push(`${which} ${micros.toFixed(0)} µs`);
      }
      if (round > 0) console.log(`${kind} round ${round}: ${line.join(', ')}`);
    }
    const [none, remembered, cold] = KINDS.map((which) => median(results[which]));
    console.log(
      `${kind} median CPU per request: none ${none?.toFixed(0)} µs, remembered ${remembered?.toFixed(0)} µs ` +
        `(+${((remembered ?? 0) - (none ?? 0)).toFixed(0)} µs), cold ${cold?.toFixed(0)} µs ` +
        `(+${((cold ?? 0) - (none ?? 0)).toFixed(0)} µs)`,
    );
  } finally {
    await bench.close();
  }
}

await benchOn('pglite');
if (POSTGRES_URL) await benchOn('postgres');
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL)');
