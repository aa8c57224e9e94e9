// Shared by the security benchmarks: an app on in-memory PGlite with a real SMTP sink, a member with
// contacts, and the If-None-Match tag of their list (so GET /api/contact answers 304).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { verificationCodeIn } from '../tests/support/mail-content';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';

export interface BenchApp {
  app: FastifyInstance;
  member: Record<string, string>;
  close(): Promise<void>;
}

export async function startBenchApp(env: Record<string, string>, sink?: SmtpSink): Promise<BenchApp> {
  const ownSink = sink ?? (await startSmtpSink());
  const connection = await openDatabase({ inMemory: true });
  const config = readConfig({
    SMTP_URL: ownSink.smtpUrl,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, connection, logger: false });
  await app.ready();
  const email = `bench-${randomBytes(4).toString('hex')}@bench.test`;
  await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Bench Member', email, password: 'Bench-Passw0rd', dateOfBirth: '1990-01-01' },
  });
  const code = verificationCodeIn(await ownSink.waitForMail(email));
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { email, code },
  });
  const { accessToken } = verified.json() as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  const list = await app.inject({ method: 'GET', url: '/api/contact', headers: { authorization } });
  return {
    app,
    member: { authorization, 'if-none-match': String(list.headers.etag), 'user-agent': 'Mozilla/5.0 Bench' },
    async close() {
      await app.close();
      if (!sink) await ownSink.close();
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}
