// The one line a server writes once it listens: where it serves, which database and data directory,
// where mail goes, and what each module says an operator should know (operators, feeds). A fresh
// install that sends no mail or shows sample feeds says so here, before a member notices.
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { modules } from '../../modules';
import type { Config } from '../config';
import type { DatabaseConnection } from '../db/connection';

/** Where mail goes, without the credentials SMTP_URL may carry. */
export function mailDestination(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'mail is logged, not sent (SMTP_URL is not set)';
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `SMTP ${url.hostname}:${port}`;
}

/** Read back from the database itself, so the log shows whether commits really are durable. */
async function describeStore(config: Config, connection: DatabaseConnection): Promise<string> {
  if (connection.kind === 'postgres') {
    const url = new URL(config.databaseUrl ?? '');
    return `PostgreSQL ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  }
  const { rows } = await sql<{ fsync: string }>`SHOW fsync`.execute(connection.db);
  return `PGlite in ${resolve(config.dataDir)} (fsync ${rows[0]?.fsync ?? 'unknown'})`;
}

export async function startupSummary(
  app: FastifyInstance,
  config: Config,
  connection: DatabaseConnection,
): Promise<{ facts: Record<string, string>; message: string }> {
  const facts: Record<string, string> = {
    database: await describeStore(config, connection),
    mail: mailDestination(config.smtpUrl),
  };
  for (const module of modules) Object.assign(facts, await module.startupFacts?.(app));
  const listed = Object.entries(facts).map(([name, fact]) => `${name}: ${fact}`);
  return { facts, message: `Tapnet is serving ${config.publicUrl}; ${listed.join('; ')}` };
}
