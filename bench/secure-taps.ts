// Cost of verifying a secure card's tap (issue 28's budget: at least 2,000 verifications a second per
// core). First the check alone, on this one thread: open the card's sealed keys, decrypt `p`, derive
// the session key, compute and compare the MAC. Then whole lookups of a card with a fresh verified
// tap (GET /api/nfc/:id?p&c through app.inject on in-memory PGlite: routing, the card's query, the
// conditional counter UPDATE). Taps come from the simulated tag. Prints every round and the medians;
// it is not a test.
//
//   npm run bench:secure-taps      (BENCH_ROUNDS, BENCH_VERIFICATIONS, BENCH_LOOKUPS tune it)
import { performance } from 'node:perf_hooks';
import { registerSecureCards } from '../server/modules/cards';
import { CardKeyVault } from '../server/modules/cards/card-key-vault';
import { readSunMessage } from '../server/modules/cards/sun';
import { hexKeys, SimulatedTag } from '../tests/support/tag-simulator';
import { startBenchApp } from './security-support';
import { median } from './support/figures';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const VERIFICATIONS = Number(process.env.BENCH_VERIFICATIONS ?? 5_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 100);
const TARGET_PER_SECOND = 2_000;
const SECRET = 'bench secret for secure card keys, 32+ characters';
const CARD_ID = `${'b'.repeat(40)}-1`;

// The check alone.
const tag = new SimulatedTag();
const vault = new CardKeyVault(SECRET);
const sealed = vault.seal(CARD_ID, tag.keys);
const taps = Array.from({ length: VERIFICATIONS }, () => tag.tap());
const checks: number[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  let lastCounter = 0;
  const started = performance.now();
  for (const { p, c } of taps) {
    const reading = readSunMessage(vault.open(CARD_ID, sealed), p, c);
    if (!reading || reading.counter <= lastCounter) throw new Error('a tap did not verify');
    lastCounter = reading.counter;
  }
  const rate = VERIFICATIONS / ((performance.now() - started) / 1000);
  // Round 0 warms the JIT and is not counted.
  if (round > 0) {
    checks.push(rate);
    console.log(
      `round ${round} check: ${rate.toFixed(0)} verifications/s (${(1e6 / rate).toFixed(1)} µs each)`,
    );
  }
}

// Whole lookups.
const bench = await startBenchApp({ CARD_KEYS_SECRET: SECRET });
const { app } = bench;
const secureTag = new SimulatedTag();
const [nfcUID = ''] = await registerSecureCards(app.ctx.db, app.secureCardKeys, [
  { uid: secureTag.uid, ...hexKeys(secureTag.keys) },
]);
const linked = await app.inject({
  method: 'POST',
  url: '/api/user/updateProfile',
  headers: { authorization: bench.member.authorization ?? '' },
  payload: { nfcUID },
});
if (linked.statusCode !== 200) throw new Error(`could not link the card: ${linked.body}`);
const lookups: number[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  const queries = Array.from({ length: LOOKUPS }, () => secureTag.tapQuery());
  const started = performance.now();
  for (const query of queries) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/nfc/${nfcUID}?${query}`,
      headers: { 'user-agent': 'Mozilla/5.0 Bench' },
    });
    if (!response.json<{ tap: { verified: boolean } }>().tap.verified)
      throw new Error('a lookup was not verified');
  }
  const rate = LOOKUPS / ((performance.now() - started) / 1000);
  if (round > 0) {
    lookups.push(rate);
    console.log(`round ${round} lookup: ${rate.toFixed(0)} verified lookups/s`);
  }
}
await bench.close();

const perCore = median(checks);
console.log(
  `median: ${perCore.toFixed(0)} verifications/s per core (target ${TARGET_PER_SECOND}: ${perCore >= TARGET_PER_SECOND ? 'met' : 'NOT met'}), ${median(lookups).toFixed(0)} whole verified lookups/s (PGlite, one process)`,
);
