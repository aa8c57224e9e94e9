// Budget of security inspection (README "Budgets"): GET /api/contact answered 304 with monitoring on
// and off, side by side in one run (rounds alternate), through app.inject, so no socket time dilutes
// the difference (a harsher measure than over the network); and the time to refuse a blocked address,
// p99 over many requests. Prints every round and the medians; it is not a test.
//
//   npm run bench:security-inspection      (BENCH_ROUNDS, BENCH_REQUESTS tune it)
import { performance } from 'node:perf_hooks';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { startBenchApp } from './security-support';
import { median, percentile } from './support/figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const BLOCKED_REQUESTS = Number(process.env.BENCH_BLOCKED ?? 5000);
const BUDGET_SHARE = 0.05;
const ADDRESS = '203.0.113.200';

const sink = await startSmtpSink();
const on = await startBenchApp({ SECURITY_MONITORING: 'on' }, sink);
const off = await startBenchApp({ SECURITY_MONITORING: 'off' }, sink);

async function throughput(target: typeof on): Promise<number> {
  const started = performance.now();
  for (let n = 0; n < REQUESTS; n += 1) {
    const response = await target.app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: target.member,
      remoteAddress: ADDRESS,
    });
    if (response.statusCode !== 304) throw new Error(`expected 304, got ${response.statusCode}`);
  }
  return REQUESTS / ((performance.now() - started) / 1000);
}

await throughput(on);
await throughput(off);
const rates = { on: [] as number[], off: [] as number[] };
for (let round = 1; round <= ROUNDS; round += 1) {
  const first = round % 2 === 0 ? 'off' : 'on';
  for (const mode of [first, first === 'on' ? 'off' : 'on'] as const) {
    const rate = await throughput(mode === 'on' ? on : off);
    rates[mode].push(rate);
    console.log(`round ${round} monitoring ${mode.padEnd(3)} ${rate.toFixed(0)} req/s`);
  }
}
const cost = 1 - median(rates.on) / median(rates.off);
console.log(`median: on ${median(rates.on).toFixed(0)} req/s, off ${median(rates.off).toFixed(0)} req/s`);
console.log(
  `inspection costs ${(cost * 100).toFixed(1)} % of the 304's throughput (budget ${BUDGET_SHARE * 100} %): ${cost <= BUDGET_SHARE ? 'within' : 'OVER'}`,
);

await on.app.inject({
  method: 'GET',
  url: '/',
  headers: { 'user-agent': 'sqlmap/1.7' },
  remoteAddress: '198.51.100.250',
});
const times: number[] = [];
for (let n = 0; n < BLOCKED_REQUESTS; n += 1) {
  const started = performance.now();
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: '{"email":"x"}',
    headers: { 'content-type': 'application/json' },
    remoteAddress: '198.51.100.250',
  });
  times.push(performance.now() - started);
  if (response.statusCode !== 403) throw new Error(`expected 403, got ${response.statusCode}`);
}
const p99 = percentile(times, 0.99);
console.log(
  `blocked request, whole inject round trip: median ${median(times).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms (budget < 1 ms): ${p99 < 1 ? 'within' : 'OVER'}`,
);
const inServer = on.app.security.recentBlockTimesMs();
const serverP99 = percentile([...inServer], 0.99);
console.log(
  `blocked request, in the server (onRequest to onResponse, last ${inServer.length}): mean ${(on.app.security.averageBlockTimeMs() ?? 0).toFixed(4)} ms, p99 ${serverP99.toFixed(4)} ms (budget < 1 ms): ${serverP99 < 1 ? 'within' : 'OVER'}`,
);

await on.close();
await off.close();
await sink.close();
