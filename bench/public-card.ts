// Budget of the public card page (README "Budgets"): Lighthouse's mobile profile, cold, against the
// production build on the real server, compared with a static page that shows the same card with no
// script. Prints figures; it is not a test. Needs `npm run build` first; installs nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { fullChromiumLaunchOptions } from '../tests/support/chromium';
import { verificationCodeIn } from '../tests/support/mail-content';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { median } from './support/figures';

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 5491);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9339);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const ADMIN = { email: 'admin@bench.test', password: 'Bench-Admin-Passw0rd' };
const STATIC_DIR = 'dist';

/** `lcpRatio` for the median run, `worstLcpRatio` for every run: the page's LCP over the static page's. */
const Budget = { score: 95, lcpRatio: 1.3, worstLcpRatio: 1.6, jsGzipKb: 90 } as const;

const card = {
  pronouns: 'she/her',
  name: 'Grace Hopper',
  company: 'Compilers Inc',
  role: 'Rear Admiral',
  email: 'grace@example.test',
  phone: '+1 555 0100',
  linkedinURL: 'linkedin.com/in/grace',
  additionalURL: 'grace.example.test',
};

async function post(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(APP_URL + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const healthy = await fetch(`${APP_URL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** A member with a linked card, made through the same API a user and an operator use. */
async function createCard(sink: Awaited<ReturnType<typeof startSmtpSink>>): Promise<string> {
  const admin = await post('/api/admin/login', ADMIN);
  const issued = (await post('/api/admin/cards', { count: 1 }, String(admin.token))) as {
    cards: { nfcUID: string }[];
  };
  const nfcUID = issued.cards[0]?.nfcUID;
  if (!nfcUID) throw new Error('no card issued');
  const email = 'grace@bench.test';
  await post('/api/auth/register', {
    name: card.name,
    email,
    password: 'Compiler1Grace',
    dateOfBirth: '1980-12-09',
  });
  const mail = await sink.waitForMail(email, { subject: 'verification code' });
  const { accessToken } = await post('/api/auth/verify-email', { email, code: verificationCodeIn(mail) });
  await post('/api/user/updateProfile', { nfcUID }, String(accessToken));
  await post('/api/user/updateBusinessCard', card, String(accessToken));
  return nfcUID;
}

/** The server's own page with every script removed and its CSS inlined: the fastest this card can be. */
function toStaticPage(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(modulepreload|manifest|icon|apple-touch-icon)"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g, (_, file: string) => {
      return `<style>${readFileSync(join(STATIC_DIR, file), 'utf8')}</style>`;
    });
}

interface Figures {
  score: number;
  lcpMs: number;
  /** Lighthouse's LCP breakdown: the time from the document's arrival to the card's paint. */
  renderDelayMs: number;
  /** Total blocking time: the score's other large part, from the hydration's long tasks. */
  tbtMs: number;
  jsTransferKb: number;
  jsGzipKb: number;
}

/** What Lighthouse names as the LCP element and what held it back: where to look when over budget. */
function renderDelay(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { phase?: string; timing?: number }[] }[] }
    | undefined;
  const phases = details?.items?.flatMap((table) => table.items ?? []) ?? [];
  return phases.find((phase) => phase.phase === 'Render Delay')?.timing ?? Number.NaN;
}

function describeLcp(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: Record<string, unknown>[] }[] }
    | undefined;
  return JSON.stringify(details?.items?.map((table) => table.items) ?? null);
}

async function measure(url: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    onlyCategories: ['performance'],
    logLevel: 'error',
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const { lhr } = result;
  // A run Lighthouse could not complete (a timeout on a busy machine) shows as NaN: say why.
  if (lhr.runtimeError) console.log(`  ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.BENCH_DEBUG) console.log(url, describeLcp(lhr));
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const jsTransfer = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  // The gzip size of each script as the build wrote it: what a compressing CDN or proxy would send.
  const jsGzip = scripts.reduce((sum, request) => {
    const file = join(STATIC_DIR, new URL(request.url).pathname);
    return sum + (existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  }, 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    renderDelayMs: renderDelay(lhr),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsTransferKb: jsTransfer / 1024,
    jsGzipKb: jsGzip / 1024,
  };
}

function medianFigures(runs: Figures[]): Figures {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    renderDelayMs: median(runs.map((run) => run.renderDelayMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    jsTransferKb: median(runs.map((run) => run.jsTransferKb)),
    jsGzipKb: median(runs.map((run) => run.jsGzipKb)),
  };
}

async function main(): Promise<void> {
  if (!existsSync(`${STATIC_DIR}/index.html`) || !existsSync('dist-ssr/entry-server.js')) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-bench-'));
  const sink = await startSmtpSink();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: APP_URL,
      SMTP_URL: sink.smtpUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const staticServer = createServer();
  const browser = await chromium.launch({
    ...fullChromiumLaunchOptions,
    args: [...(fullChromiumLaunchOptions.args ?? []), `--remote-debugging-port=${DEBUG_PORT}`],
  });
  try {
    await waitForServer();
    const nfcUID = await createCard(sink);
    const cardUrl = `${APP_URL}/nfc/${nfcUID}`;
    const staticHtml = toStaticPage(await (await fetch(cardUrl)).text());
    staticServer.on('request', (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(staticHtml);
    });
    await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
    const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;

    // Each run measures the page and then the static page, so a ratio compares two loads made under the
    // same load on the machine; the budget is on those per-run ratios.
    const pageRuns: Figures[] = [];
    const staticRuns: Figures[] = [];
    const ratios: number[] = [];
    const verdict = (isMet: boolean) => (isMet ? 'within budget' : 'OVER BUDGET');
    console.log(
      `Public card page, Lighthouse 12.8.2 mobile profile (simulated throttling), cold, ${RUNS} runs`,
    );
    console.log('  run   LCP page   LCP static   ratio   score   TBT   render delay (page)');
    for (let run = 0; run < RUNS; run += 1) {
      const pageRun = await measure(cardUrl);
      const staticRun = await measure(staticUrl);
      pageRuns.push(pageRun);
      staticRuns.push(staticRun);
      ratios.push(pageRun.lcpMs / staticRun.lcpMs);
      console.log(
        `  ${String(run + 1).padStart(3)}   ${pageRun.lcpMs.toFixed(0).padStart(5)} ms   ${staticRun.lcpMs.toFixed(0).padStart(7)} ms   ${(ratios.at(-1) ?? Number.NaN).toFixed(2).padStart(5)}   ${String(pageRun.score).padStart(5)}   ${pageRun.tbtMs.toFixed(0).padStart(3)}   ${pageRun.renderDelayMs.toFixed(0)} ms`,
      );
    }
    const page = medianFigures(pageRuns);
    const baseline = medianFigures(staticRuns);
    const ratio = median(ratios);
    const worstRatio = Math.max(...ratios);
    console.log(`Median of ${RUNS} runs`);
    console.log(
      `  performance score      ${page.score} (budget >= ${Budget.score}: ${verdict(page.score >= Budget.score)})`,
    );
    console.log(`  LCP                    ${page.lcpMs.toFixed(0)} ms`);
    console.log(`  LCP of static page     ${baseline.lcpMs.toFixed(0)} ms (score ${baseline.score})`);
    console.log(
      `  LCP ratio, median      ${ratio.toFixed(2)} (budget <= ${Budget.lcpRatio}: ${verdict(ratio <= Budget.lcpRatio)})`,
    );
    console.log(
      `  LCP ratio, worst run   ${worstRatio.toFixed(2)} (budget <= ${Budget.worstLcpRatio}: ${verdict(worstRatio <= Budget.worstLcpRatio)})`,
    );
    console.log(
      `  JavaScript             ${page.jsGzipKb.toFixed(1)} KB gzip (budget < ${Budget.jsGzipKb}: ${verdict(page.jsGzipKb < Budget.jsGzipKb)}), ${page.jsTransferKb.toFixed(1)} KB as transferred`,
    );
  } finally {
    await browser.close();
    staticServer.close();
    server.kill('SIGTERM');
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
