// A real SMTP server on loopback that keeps every message it receives, plus a small HTTP endpoint
// through which test processes read them: GET /messages?to=, DELETE /messages?to=, GET /health.
//
// Standalone (Playwright's webServer): `tsx tests/support/smtp-sink.ts`, ports from SMTP_SINK_PORT
// and SMTP_SINK_HTTP_PORT. In-process (server tests): `const sink = await startSmtpSink()`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mime';

export interface ReceivedMail extends Omit<ParsedMail, 'to'> {
  // Envelope recipients, lower-cased: who the server actually sent the message to.
  to: string[];
  receivedAt: string;
}

export interface MailQuery {
  subject?: string | RegExp;
  timeoutMs?: number;
  /** How many matching mails were there before: wait for one more (delivery is queued, so not instant). */
  newerThan?: number;
}

export interface SmtpSink {
  smtpUrl: string;
  httpUrl: string;
  messages(to?: string): ReceivedMail[];
  clear(to?: string): void;
  waitForMail(to: string, query?: MailQuery): Promise<ReceivedMail>;
  close(): Promise<void>;
}

// Long enough for argon2 hashing plus SMTP delivery on a busy 2-core CI machine.
const DEFAULT_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 100;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function isFor(mail: ReceivedMail, to: string | undefined): boolean {
  return to === undefined || mail.to.includes(to.toLowerCase());
}

function matchesSubject(mail: ReceivedMail, subject: MailQuery['subject']): boolean {
  if (subject === undefined) return true;
  return typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject);
}

/** Resolves after the poll interval, or sooner when `arrival` (mail received in this process) comes. */
function nextLook(arrival?: Promise<void>): Promise<unknown> {
  const interval = new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  return arrival ? Promise.race([interval, arrival]) : interval;
}

// Polls with a deadline rather than sleeping a fixed time: returns as soon as the mail is there. In the
// sink's own process, a mail's arrival ends the wait at once (`arrival`, a promise for the next mail).
async function pollForMail(
  read: () => Promise<ReceivedMail[]> | ReceivedMail[],
  to: string,
  { subject, timeoutMs = DEFAULT_TIMEOUT_MS, newerThan = 0 }: MailQuery,
  arrival?: () => Promise<void>,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The newest match: a test that triggers a second mail (a resent code) wants the latest one.
    const matches = (await read()).filter((mail) => matchesSubject(mail, subject));
    const found = matches.length > newerThan ? matches.at(-1) : undefined;
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${to}${subject ? ` with subject ${subject}` : ''} within ${timeoutMs} ms`);
    }
    await nextLook(arrival?.());
  }
}

function listen(
  server: { listen(port: number, host: string, done: () => void): unknown },
  port: number,
  host: string,
) {
  return new Promise<void>((resolve) => server.listen(port, host, resolve));
}

export async function startSmtpSink(
  options: { host?: string; smtpPort?: number; httpPort?: number } = {},
): Promise<SmtpSink> {
  const { host = '127.0.0.1', smtpPort = 0, httpPort = 0 } = options;
  const received: ReceivedMail[] = [];
  let arrival = Promise.withResolvers<void>();

  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: nodemailer would otherwise upgrade to TLS with a certificate it rejects.
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // Closing is going down: the connections a client keeps open (a pool) are told so and closed at once,
    // rather than waited for (smtp-server waits 30 s for them by default).
    closeTimeout: 1,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const { to: _headerTo, ...mail } = parseMail(Buffer.concat(chunks));
          received.push({
            ...mail,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            receivedAt: new Date().toISOString(),
          });
          arrival.resolve();
          arrival = Promise.withResolvers<void>();
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });

  const messages = (to?: string) => received.filter((mail) => isFor(mail, to));
  const clear = (to?: string) => {
    for (let index = received.length - 1; index >= 0; index--) {
      const mail = received[index];
      if (mail && isFor(mail, to)) received.splice(index, 1);
    }
  };

  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sink');
    const to = url.searchParams.get('to') ?? undefined;
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return reply(200, { status: 'ok' });
    if (url.pathname !== '/messages') return reply(404, { error: 'Not found' });
    if (request.method === 'GET') return reply(200, messages(to));
    if (request.method === 'DELETE') {
      clear(to);
      return reply(200, { status: 'ok' });
    }
    return reply(405, { error: 'Method not allowed' });
  });

  await listen(smtp, smtpPort, host);
  await listen(http, httpPort, host);
  const smtpAddress = smtp.server.address() as AddressInfo;
  const httpAddress = http.address() as AddressInfo;

  return {
    smtpUrl: `smtp://${host}:${smtpAddress.port}`,
    httpUrl: `http://${host}:${httpAddress.port}`,
    messages,
    clear,
    waitForMail: (to, query = {}) =>
      pollForMail(
        () => messages(to),
        to,
        query,
        () => arrival.promise,
      ),
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(resolve));
      await new Promise<void>((resolve, reject) =>
        http.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

// For test processes other than the sink's own (Playwright workers): read the mail over HTTP.
export function waitForMail(to: string, query: MailQuery & { sinkUrl: string }): Promise<ReceivedMail> {
  return pollForMail(
    async () => {
      const response = await fetch(`${query.sinkUrl}/messages?to=${encodeURIComponent(to)}`);
      if (!response.ok) throw new Error(`SMTP sink answered ${response.status}`);
      return (await response.json()) as ReceivedMail[];
    },
    to,
    query,
  );
}

export async function clearMail(to: string | undefined, { sinkUrl }: { sinkUrl: string }): Promise<void> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  const response = await fetch(`${sinkUrl}/messages${query}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`SMTP sink answered ${response.status}`);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const sink = await startSmtpSink({
    host: process.env.SMTP_SINK_HOST ?? '127.0.0.1',
    smtpPort: Number(process.env.SMTP_SINK_PORT ?? 2525),
    httpPort: Number(process.env.SMTP_SINK_HTTP_PORT ?? 2526),
  });
  console.log(`SMTP sink: mail to ${sink.smtpUrl}, read it at ${sink.httpUrl}/messages`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      sink.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
