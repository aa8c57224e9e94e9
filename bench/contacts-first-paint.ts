// Budget of the contacts screen (docs/budgets.md): a member with 5,000 contacts, warm (service worker
// installed, contacts cached in IndexedDB), time from navigation to the first contact painted; with
// `--against 10` (npm run bench:contacts-sync) also a member with 10 contacts in the same run, and the
// ratio. Runs the production build on the real app with an embedded database seeded directly. Prints
// figures; not a test.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/platform/app';
import { readConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/connection';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { verificationCodeIn } from '../tests/support/mail-content';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { seedContacts } from './support/seed-contacts';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5492);
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/**
 * `--against 10`: a second member with 10 contacts is measured in the same run, each run of one beside a
 * run of the other, and the ratio of the medians is the budget of issue 24 (≤ 1.25).
 */
const againstIndex = process.argv.indexOf('--against');
const AGAINST = againstIndex > 0 ? Number(process.argv[againstIndex + 1]) : null;
/** The median run, and every run (README Budgets); the ratio to the small list's median. */
const Budget = { medianMs: 250, worstMs: 350, ratio: 1.25 } as const;
const NEWEST_NAME = 'Person 00001';

interface Member {
  name: string;
  email: string;
  password: string;
  dateOfBirth: string;
}

function memberWith(count: number): Member {
  return {
    name: 'Ada Lovelace',
    email: `ada-${count}@bench.test`,
    password: 'Analytical1Engine',
    dateOfBirth: '1990-12-10',
  };
}

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(APP_URL + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type Connection = Awaited<ReturnType<typeof openDatabase>>;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Browser = Awaited<ReturnType<typeof chromium.launch>>;

/** A member with `count` contacts, signed in on a phone-sized page of their own, their cache filled. */
async function memberPage(browser: Browser, connection: Connection, sink: Sink, count: number) {
  const member = memberWith(count);
  await post('/api/auth/register', member);
  const mail = await sink.waitForMail(member.email, { subject: 'verification code' });
  await post('/api/auth/verify-email', { email: member.email, code: verificationCodeIn(mail) });
  const owner = await connection.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', member.email)
    .executeTakeFirstOrThrow();
  // A member with thousands of contacts has long since linked a card (so no activation prompt shows).
  await connection.db
    .insertInto('cards')
    .values({ nfc_uid: `${'ab'.repeat(20)}-${count}`, user_id: owner.id, claimed_at: new Date() })
    .execute();
  await seedContacts(connection.db, owner.id, count);

  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  // Records when the newest contact's name is first in the DOM and then painted (the next frame).
  await page.addInitScript((name: string) => {
    const observer = new MutationObserver(() => {
      if (!document.body?.textContent.includes(name)) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        (window as unknown as { __firstContactMs: number }).__firstContactMs = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, NEWEST_NAME);
  await page.goto(`${APP_URL}/login`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/contacts');
  await page.getByText(NEWEST_NAME).first().waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The cache is filled once the first fetch is stored: the member's list, one record.
  await page.waitForFunction(
    async (wanted: number) => {
      const request = indexedDB.open('tapnet');
      const db: IDBDatabase = await new Promise((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
      const stored: number = await new Promise((resolve) => {
        const cursor = db.transaction('contactLists').objectStore('contactLists').openCursor();
        cursor.onsuccess = () => resolve(cursor.result?.value.contacts.length ?? 0);
      });
      db.close();
      return stored >= wanted;
    },
    count,
    { polling: 200, timeout: 60_000 },
  );
  return page;
}

async function firstPaintMs(page: Awaited<ReturnType<typeof memberPage>>): Promise<number> {
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { __firstContactMs?: number }).__firstContactMs);
  return page.evaluate(() => (window as unknown as { __firstContactMs: number }).__firstContactMs);
}

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('Build first: npm run build');
  const sink = await startSmtpSink();
  const connection = await openDatabase({ inMemory: true });
  const config = readConfig({
    PORT: String(APP_PORT),
    PUBLIC_URL: APP_URL,
    SMTP_URL: sink.smtpUrl,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  });
  const app = await buildApp({ config, connection, logger: false, housekeeping: false });
  await app.listen({ port: APP_PORT, host: '127.0.0.1' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await memberPage(browser, connection, sink, CONTACTS);
    const small = AGAINST === null ? null : await memberPage(browser, connection, sink, AGAINST);
    console.log(
      `Contacts screen, ${CONTACTS} contacts${small ? ` against ${AGAINST}` : ''}, warm (service worker + IndexedDB cache), ${RUNS} runs`,
    );
    const runs: number[] = [];
    const smallRuns: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await firstPaintMs(page));
      if (small) smallRuns.push(await firstPaintMs(small));
      const against = small ? `   (${AGAINST} contacts: ${smallRuns.at(-1)?.toFixed(0)} ms)` : '';
      console.log(
        `  run ${String(run + 1).padStart(2)}   navigation to first contact painted   ${runs.at(-1)?.toFixed(0)} ms${against}`,
      );
    }
    const figure = median(runs);
    const worst = Math.max(...runs);
    const verdict = (isMet: boolean) => (isMet ? 'within budget' : 'OVER BUDGET');
    console.log(
      `  median   ${figure.toFixed(0)} ms (budget <= ${Budget.medianMs}: ${verdict(figure <= Budget.medianMs)})`,
    );
    console.log(
      `  worst    ${worst.toFixed(0)} ms (budget <= ${Budget.worstMs}: ${verdict(worst <= Budget.worstMs)})`,
    );
    if (small) {
      const ratio = figure / median(smallRuns);
      console.log(
        `  ${AGAINST} contacts median ${median(smallRuns).toFixed(0)} ms; ratio ${ratio.toFixed(2)} (budget <= ${Budget.ratio}: ${verdict(ratio <= Budget.ratio)})`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
    await sink.close();
  }
}

await main();
