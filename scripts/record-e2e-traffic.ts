// Records the e2e suite's own traffic as the security rules see it and keeps it as a fixture
// (tests/server/fixtures/e2e-traffic.json) that security-traffic.test.ts runs as negative cases.
// `npm run record:e2e-traffic` builds and runs the whole e2e suite with SECURITY_TRAFFIC_RECORD on;
// `-- --from <file.jsonl>` only turns an earlier recording into the fixture again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RecordedRequest } from '../server/platform/security/traffic-recorder';
import { E2E_ATTACK_MARKER } from '../tests/e2e/security-gate';
import { type E2eTrafficFixture, FIXTURE_PATH, type RecordedEntry } from '../tests/server/e2e-traffic';

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    /** Keep the recording of a run with failed journeys (normally refused: a fixture must be a whole run). */
    'keep-on-failure': { type: 'boolean', default: false },
  },
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Vite's content hashes in built file names (`index-Bx1_f3Zq.js`). */
const ASSET_HASH = /-[\w-]{8}(?=\.(?:js|css|woff2?|png|svg|webp|json)\b)/g;
/** Random tokens, ids and numbers that differ between runs: the request's shape stays. */
const LONG_TOKEN = /[\w-]{20,}/g;
const DIGITS = /\d+/g;

function shapeOf(text: string): string {
  return text
    .replace(UUID, ':uuid')
    .replace(ASSET_HASH, '-:hash')
    .replace(LONG_TOKEN, ':token')
    .replace(DIGITS, '0');
}

/**
 * A body's form: its keys, and its texts with every run of letters and digits as one `w`, so names and
 * e-mails made up per run collapse while what signatures look at (quotes, brackets, `=`, `--`) stays.
 */
function bodyShapeOf(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[\p{L}\p{N}]+/gu, 'w');
  if (Array.isArray(value)) return value.map(bodyShapeOf);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bodyShapeOf(item)]));
  return typeof value;
}

/** Two requests of one shape teach the rules nothing new: same method, route, agent, status and body form. */
function keyOf(request: RecordedRequest): string {
  return JSON.stringify([
    request.method,
    shapeOf(request.url),
    request.userAgent,
    request.route,
    request.status,
    request.signedIn,
    request.bearer,
    request.body === undefined ? null : bodyShapeOf(request.body),
  ]);
}

function record(file: string): boolean {
  rmSync(file, { force: true });
  const run = spawnSync('npm', ['run', 'test:e2e'], {
    stdio: 'inherit',
    env: { ...process.env, SECURITY_TRAFFIC_RECORD: file },
  });
  return run.status === 0;
}

function fixtureOf(lines: RecordedRequest[]): E2eTrafficFixture {
  const kept = lines.filter((request) => !(request.userAgent ?? '').includes(E2E_ATTACK_MARKER));
  const groups = new Map<string, { example: RecordedRequest; count: number }>();
  for (const request of kept) {
    const key = keyOf(request);
    const group = groups.get(key);
    // The same example whatever the order requests came in: the smallest of its group.
    if (!group) groups.set(key, { example: request, count: 1 });
    else {
      group.count += 1;
      if (JSON.stringify(withoutTime(request)) < JSON.stringify(withoutTime(group.example)))
        group.example = request;
    }
  }
  const entries: RecordedEntry[] = [...groups.values()]
    .map(({ example, count }) => ({ ...withoutTime(example), count }))
    .sort((a, b) => {
      const [left, right] = [JSON.stringify(a), JSON.stringify(b)];
      return left < right ? -1 : left > right ? 1 : 0;
    });
  return { requests: kept.length, entries };
}

function withoutTime({ at: _at, ...rest }: RecordedRequest): Omit<RecordedRequest, 'at'> {
  return rest;
}

function main(): void {
  mkdirSync('.tmp', { recursive: true });
  const file = resolve(values.from ?? `.tmp/e2e-traffic-${process.env.E2E_APP_PORT ?? 5174}.jsonl`);
  if (!values.from) {
    const passed = record(file);
    if (!passed && !values['keep-on-failure']) {
      console.error(
        `record:e2e-traffic: the e2e run failed; the recording (${file}) is left out of the fixture. ` +
          'Fix the run, or pass -- --keep-on-failure to keep it anyway.',
      );
      process.exit(1);
    }
  }
  if (!existsSync(file)) {
    console.error(
      `record:e2e-traffic: nothing was recorded in ${file}. Was an e2e server already running on the port (reused, so without SECURITY_TRAFFIC_RECORD)?`,
    );
    process.exit(1);
  }
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedRequest);
  const fixture = fixtureOf(lines);
  writeFileSync(FIXTURE_PATH, `${JSON.stringify(fixture, null, 2)}\n`);
  // In the repository's own format, so `npm run check` passes on a fresh recording.
  spawnSync('npx', ['biome', 'format', '--write', FIXTURE_PATH], { stdio: 'inherit' });
  const size = statSync(FIXTURE_PATH).size;
  console.log(
    `record:e2e-traffic: ${lines.length} requests recorded, ${fixture.requests} kept (test attacks left out), ` +
      `${fixture.entries.length} distinct in ${FIXTURE_PATH} (${Math.round(size / 1024)} KB)`,
  );
}

main();
