// Builds the real app on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) with a real SMTP sink.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../../server/platform/app';
import { readConfig } from '../../server/platform/config';
import { type DatabaseConnection, openDatabase } from '../../server/platform/db/connection';
import type { Database } from '../../server/platform/db/schema';
import type { Mailer } from '../../server/platform/mail/mailer';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createThrowawayDatabase } from '../support/throwaway-postgres';

export const PUBLIC_URL = 'https://tapnet.test';
export const ADMIN = { email: 'admin@tapnet.test', password: 'Admin-Passw0rd' };
export const SECURITY = { email: 'security@tapnet.test', password: 'Security-Passw0rd' };
/** Secure cards' keys are sealed under this in every test app, unless a test sets it empty. */
export const CARD_KEYS_SECRET = 'test secret for secure card keys, 32+ characters';

export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<{ connection: DatabaseConnection; drop(): Promise<void> }>;
}

const pglite: DatabaseKind = {
  name: 'pglite',
  async open() {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    return { connection: await openDatabase({ inMemory: true, snapshot }), drop: async () => {} };
  },
};

/** A throwaway database on the PostgreSQL server that TEST_DATABASE_URL points at. */
function postgres(adminUrl: string): DatabaseKind {
  return {
    name: 'postgres',
    async open() {
      const database = await createThrowawayDatabase(adminUrl, 'tapnet_test');
      return { connection: await openDatabase({ databaseUrl: database.url }), drop: database.drop };
    },
  };
}

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  sink: SmtpSink;
  kind: DatabaseKind['name'];
  /** The app's mailer: `deliverDue()` waits until every queued mail has had its delivery attempt. */
  mailer(): Mailer;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: {
    /** Log lines go here (at LOG_LEVEL) instead of nowhere. */
    logStream?: { write(line: string): void };
    /** Stands for the embedded database's directory, for checks of its disk. */
    dataDir?: string;
  } = {},
): Promise<TestContext & { close(): Promise<void> }> {
  const { logStream, dataDir } = options;
  const sink = await startSmtpSink();
  const opened = await kind.open();
  const connection = dataDir ? { ...opened.connection, dataDir } : opened.connection;
  const { drop } = opened;
  const config = readConfig({
    SMTP_URL: sink.smtpUrl,
    PUBLIC_URL,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURITY_EMAIL: SECURITY.email,
    SECURITY_PASSWORD: SECURITY.password,
    STATIC_DIR: '/nonexistent',
    CARD_KEYS_SECRET,
    ...env,
  });
  const app = await buildApp({
    config,
    connection,
    logger: logStream !== undefined,
    logStream,
    housekeeping: false,
  });
  await app.ready();
  return {
    app,
    db: connection.db,
    sink,
    kind: kind.name,
    mailer: () => app.ctx.mailer,
    async close() {
      await app.close();
      await drop();
      await sink.close();
    },
  };
}

/**
 * A fresh app with these settings for the enclosing describe block (on the first database unless told),
 * started before its tests and closed after them.
 */
export function useTestApp(
  env: Record<string, string> = {},
  kind: DatabaseKind | undefined = databaseKinds[0],
): () => TestContext {
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    if (!kind) throw new Error('no database kind');
    context = await startTestApp(kind, env);
  });
  afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!context) throw new Error('test app not started');
    return context;
  };
}

/** Runs the suite once per available database, each with its own fresh app, database and mail sink. */
export function describeOnEachDatabase(
  title: string,
  suite: (t: () => TestContext) => void,
  env: Record<string, string> = {},
): void {
  describe.each(databaseKinds)(`${title} ($name)`, (kind) => {
    suite(useTestApp(env, kind));
  });
}

/**
 * The answer's JSON. An error answer's `requestId` is checked against the X-Request-Id header here and
 * left out, so that tests compare what the error says; tests/server/observability.test.ts covers the id.
 */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json();
  if (typeof body !== 'object' || body === null || !('requestId' in body)) return body as T;
  const { requestId, ...rest } = body;
  if (requestId !== response.headers['x-request-id']) {
    throw new Error(
      `requestId ${String(requestId)} is not the X-Request-Id ${response.headers['x-request-id']}`,
    );
  }
  return rest as T;
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(label = 'member'): string {
  counter += 1;
  return `${label}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const STRONG_PASSWORD = 'Corr3ct-Horse';

export function codeFrom(mailText: string): string {
  const match = mailText.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail:\n${mailText}`);
  return match[1];
}

/** Registers and verifies a member through the API, as the app would. */
export async function createMember(
  t: TestContext,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  const member = {
    name: overrides.name ?? 'Ada Lovelace',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? STRONG_PASSWORD,
  };
  // An address used before (a deleted account, an e-mail change) already has mail: wait for the new code.
  const earlierMails = t.sink.messages(member.email).length;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...member, dateOfBirth: '1990-05-17' },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const mail = await t.sink.waitForMail(member.email, { newerThan: earlierMails });
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { email: member.email, code: codeFrom(mail.text) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const tokens = json<{ accessToken: string; refreshToken: string }>(verified);
  return { ...member, ...tokens };
}

export async function adminToken(t: TestContext): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  return json<{ token: string }>(response).token;
}

/** Issues one card through the admin API and returns its ID. */
export async function issueCard(t: TestContext): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/cards',
    headers: bearer(await adminToken(t)),
    payload: { count: 1 },
  });
  const [card] = json<{ cards: { nfcUID: string }[] }>(response).cards;
  if (!card) throw new Error(`no card issued: ${response.body}`);
  return card.nfcUID;
}

export const businessCard = {
  pronouns: 'she/her',
  name: 'Ada Lovelace',
  company: 'Analytical Engines; Ltd',
  role: 'Mathematician, Poet',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  linkedinURL: 'linkedin.com/in/ada',
  additionalURL: 'https://ada.example.com',
};

/** The member's card link handle (/c/<handle>), which every member has from registration on. */
export async function cardHandleOf(t: TestContext, accessToken: string): Promise<string> {
  const account = await t.app.inject({
    method: 'GET',
    url: '/api/user/account',
    headers: bearer(accessToken),
  });
  const { cardHandle } = json<{ cardHandle?: string | null }>(account);
  if (!cardHandle) throw new Error(`no card handle: ${account.body}`);
  return cardHandle;
}

/** A verified member holding a freshly issued card with `businessCard` on it. */
export async function createMemberWithCard(t: TestContext, card: Partial<typeof businessCard> = {}) {
  const member = await createMember(t);
  const nfcUID = await issueCard(t);
  await t.app.inject({
    method: 'POST',
    url: '/api/user/updateProfile',
    headers: bearer(member.accessToken),
    payload: { nfcUID },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/user/updateBusinessCard',
    headers: bearer(member.accessToken),
    payload: { ...businessCard, ...card },
  });
  return { ...member, nfcUID, cardHandle: await cardHandleOf(t, member.accessToken) };
}
