// Shared by the security benchmarks: an app on in-memory PGlite with a real SMTP sink, a member with
// contacts, and the If-None-Match tag of their list (so GET /api/contact answers 304).
import type { FastifyInstance } from 'fastify';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { buildBenchApp } from './support/bench-app';
import { signUpBenchMember } from './support/bench-member';

export interface BenchApp {
  app: FastifyInstance;
  member: Record<string, string>;
  close(): Promise<void>;
}

export async function startBenchApp(env: Record<string, string>, sink?: SmtpSink): Promise<BenchApp> {
  const ownSink = sink ?? (await startSmtpSink());
  const { app } = await buildBenchApp({ inMemory: true }, ownSink, env);
  await app.ready();
  const { authorization } = await signUpBenchMember(app, ownSink);
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
