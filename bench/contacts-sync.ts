// Budget of the contacts sync (issue 24, docs/budgets.md "Contacts sync"): what one changed flag costs a
// member with 5,000 contacts on the wire and in server CPU when their app revalidates (the change feed,
// GET /api/contact?since=<cursor>), against the whole list; on embedded PGlite and on PostgreSQL. The
// first-paint ratio of 5,000 against 10 contacts is bench/contacts-first-paint.ts, run after this by
// `npm run bench:contacts-sync`. Prints every run and the median; it is not a test.
//
//   npm run bench:contacts-sync
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55441/postgres npm run bench:contacts-sync
//
// Server CPU is this process's (the app runs in it, answering through inject; PGlite runs in it too,
// PostgreSQL in its own process, whose CPU is not counted). BENCH_CONTACTS and BENCH_RUNS tune the run.
// The whole list is measured unchanged (remembered), after a change (the change spliced into the list
// remembered), and with nothing remembered (as after a server start: the change spliced into the list
// stored).
import { cpus, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { CONTACT_LIST_ETAG_HEADER } from '../contract/contacts';
import { CONTACT_LIST_CHANNEL } from '../server/modules/contacts/list-memory';
import { startBenchAppOn } from './support/bench-app';
import { signUpBenchMember } from './support/bench-member';
import { median } from './support/figures';
import { seedContacts } from './support/seed-contacts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Requests per run: CPU time is read per run, so a run must be long enough for the clock's grain. */
const CHANGE_REQUESTS = 50;
const LIST_REQUESTS = 5;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const Budget = { changeBytes: 2048, changeCpuMs: 5, listCpuMs: 50 } as const;
/** What a browser's request carries besides the token: the answer's size does not depend on it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

interface Answer {
  status: number;
  /** The bytes a response takes on the wire: status line, headers and body. */
  bytes: number;
}

function wireBytes(response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  const head = Object.entries(response.headers)
    .map(([name, value]) => `${name}: ${String(value)}\r\n`)
    .join('');
  return Buffer.byteLength(`HTTP/1.1 ${response.statusCode} OK\r\n${head}\r\n`) + response.rawPayload.length;
}

interface Request {
  url: string;
  headers: Record<string, string>;
  /** Done before each request, outside the CPU counted (a change on another device). */
  before?: () => Promise<void>;
}

/** Server CPU per request, in ms, of `count` requests made one after another, and the last answer. */
async function cpuPerRequest(
  app: FastifyInstance,
  count: number,
  { before, ...request }: Request,
): Promise<{ cpuMs: number; answer: Answer }> {
  let answer: Answer = { status: 0, bytes: 0 };
  let micros = 0;
  for (let index = 0; index < count; index += 1) {
    await before?.();
    const start = process.cpuUsage();
    const response = await app.inject({ method: 'GET', ...request });
    const used = process.cpuUsage(start);
    micros += used.user + used.system;
    answer = { status: response.statusCode, bytes: wireBytes(response) };
  }
  return { cpuMs: micros / 1000 / count, answer };
}

interface Row {
  name: string;
  bytes: number;
  cpuMs: number[];
  budget: string;
  isWithin: (bytes: number, cpuMs: number) => boolean;
}

async function measureOn(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const bench = await startBenchAppOn(kind, POSTGRES_URL);
  const { app } = bench;
  try {
    const { email, authorization } = await signUpBenchMember(app, bench.sink);
    const owner = await bench.connection.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await seedContacts(bench.connection.db, owner.id, CONTACTS);
    const headers = { ...BROWSER, authorization };
    const list = await app.inject({ method: 'GET', url: '/api/contact', headers });
    const [someone] = list.json() as { _id: string; isFlagged: boolean }[];
    if (!someone) throw new Error('no contacts were seeded');
    const cursor = String(list.headers.etag);
    // The change: one flag, set on another device after this device's copy was stored.
    const flagged = await app.inject({
      method: 'PUT',
      url: `/api/contact/${someone._id}/flag`,
      headers,
      payload: { isFlagged: !someone.isFlagged },
    });
    if (flagged.statusCode !== 200) throw new Error(`flag: ${flagged.statusCode} ${flagged.body}`);
    const current = String(flagged.headers[CONTACT_LIST_ETAG_HEADER] ?? '');

    const change = {
      url: `/api/contact?since=${encodeURIComponent(cursor)}`,
      headers: { ...headers, 'if-none-match': cursor },
    };
    const unchanged = {
      url: `/api/contact?since=${encodeURIComponent(current)}`,
      headers: { ...headers, 'if-none-match': current },
    };
    const whole = { url: '/api/contact', headers };
    // A cursor the feed cannot serve (too old, or of another format): the whole list in the feed's answer.
    const wholeThroughFeed = { url: `/api/contact?since=${encodeURIComponent('W/"1.0.none"')}`, headers };
    // The whole list read afresh: each request follows a change, so no process remembers it.
    let isFlagged = !someone.isFlagged;
    const wholeAfterChange: Request = {
      ...whole,
      before: async () => {
        isFlagged = !isFlagged;
        await app.inject({
          method: 'PUT',
          url: `/api/contact/${someone._id}/flag`,
          headers,
          payload: { isFlagged },
        });
      },
    };
    // The whole list in a process that remembers no list, as after a server start, one change after the
    // list was last stored (migration 044): the change spliced into the list stored, which the first
    // run builds whole and stores.
    const wholeAfterStart: Request = {
      ...whole,
      before: async () => {
        await wholeAfterChange.before?.();
        app.ctx.changeNotices.remember(CONTACT_LIST_CHANNEL).setLive(true);
      },
    };
    const rows: Row[] = [
      {
        name: `one flag changed, ${kind}`,
        bytes: 0,
        cpuMs: [],
        budget: `≤ ${Budget.changeBytes} B, ≤ ${Budget.changeCpuMs} ms`,
        isWithin: (bytes, cpuMs) => bytes <= Budget.changeBytes && cpuMs <= Budget.changeCpuMs,
      },
      { name: `nothing changed (304), ${kind}`, bytes: 0, cpuMs: [], budget: '—', isWithin: () => true },
      {
        name: `whole list, unchanged, ${kind}`,
        bytes: 0,
        cpuMs: [],
        budget: `≤ ${Budget.listCpuMs} ms`,
        isWithin: (_, cpuMs) => cpuMs <= Budget.listCpuMs,
      },
      {
        name: `whole list through the feed, ${kind}`,
        bytes: 0,
        cpuMs: [],
        budget: `≤ ${Budget.listCpuMs} ms`,
        isWithin: (_, cpuMs) => cpuMs <= Budget.listCpuMs,
      },
      {
        name: `whole list, after a change, ${kind}`,
        bytes: 0,
        cpuMs: [],
        budget: `≤ ${Budget.listCpuMs} ms`,
        isWithin: (_, cpuMs) => cpuMs <= Budget.listCpuMs,
      },
      {
        name: `whole list, nothing remembered, ${kind}`,
        bytes: 0,
        cpuMs: [],
        budget: `≤ ${Budget.listCpuMs} ms`,
        isWithin: (_, cpuMs) => cpuMs <= Budget.listCpuMs,
      },
    ];
    const requests = [
      { row: rows[0], request: change, count: CHANGE_REQUESTS, status: 200 },
      { row: rows[1], request: unchanged, count: CHANGE_REQUESTS, status: 304 },
      { row: rows[2], request: whole, count: LIST_REQUESTS, status: 200 },
      { row: rows[3], request: wholeThroughFeed, count: LIST_REQUESTS, status: 200 },
    ];
    // Warm-up: the first requests compile the queries and the serializers.
    for (const { request } of requests) await cpuPerRequest(app, 3, request);
    // Its changes move the tags the others send: its runs come after theirs.
    const afterChanges = [
      { row: rows[4], request: wholeAfterChange, count: LIST_REQUESTS, status: 200 },
      { row: rows[5], request: wholeAfterStart, count: LIST_REQUESTS, status: 200 },
    ];
    for (let run = 0; run < 2 * RUNS; run += 1) {
      for (const { row, request, count, status } of run < RUNS ? requests : afterChanges) {
        if (!row) continue;
        const { cpuMs, answer } = await cpuPerRequest(app, count, request);
        if (answer.status !== status) throw new Error(`${row.name}: answered ${answer.status}`);
        row.bytes = answer.bytes;
        row.cpuMs.push(cpuMs);
        console.log(
          `  run ${(run % RUNS) + 1}  ${row.name.padEnd(40)} ${String(answer.bytes).padStart(9)} B  ${cpuMs.toFixed(2).padStart(7)} ms CPU/request`,
        );
      }
    }
    return rows;
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
  console.log(
    `Contacts sync: ${CONTACTS} contacts, ${RUNS} runs, Node ${process.version}, ${cpus().length} CPUs`,
  );
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await measureOn(kind)));
  const [load1, load5] = loadavg();
  console.log(`\nMedians (load average ${load1?.toFixed(1)} / ${load5?.toFixed(1)} at the end):`);
  for (const row of rows) {
    const cpuMs = median(row.cpuMs);
    const verdict =
      row.budget === '—' ? '' : row.isWithin(row.bytes, cpuMs) ? 'within budget' : 'OVER BUDGET';
    console.log(
      `  ${row.name.padEnd(40)} ${String(row.bytes).padStart(9)} B on the wire  ${cpuMs.toFixed(2).padStart(7)} ms server CPU  ${row.budget.padEnd(20)} ${verdict}`,
    );
  }
  if (!POSTGRES_URL) console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL to include it.');
}

await main();
