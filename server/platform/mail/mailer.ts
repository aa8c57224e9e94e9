// Every mail goes through mail_outbox: `send` only queues it (inside the caller's transaction when
// given one), and the delivery worker (delivery.ts) sends it. A request therefore never waits for the
// SMTP server, never fails because it is down, and takes the same time whatever the mail is.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';
import { startDelivery } from './delivery';
import type { MailMessage } from './message';

export type { MailMessage } from './message';

export interface Mailer {
  /** Queues the message; with `trx`, it is queued only if that transaction commits. */
  send(message: MailMessage, trx?: Transaction<Database>): Promise<void>;
  /** Starts delivery now, after the caller's transaction that queued mail has committed. */
  wake(): void;
  /** Delivers every message that is due now (used at shutdown and by tests that wait for a state). */
  deliverDue(): Promise<void>;
  close(): Promise<void>;
}

// A dead server must not hold a delivery for minutes (nodemailer's defaults are 2 and 10 minutes).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** A pooled connection left idle is closed by us, before the socket timeout or the server ends it. */
const POOL_IDLE_MS = 10_000;

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  // Pooled: one connection carries message after message. A connection of its own for each costs the
  // TCP and SMTP greeting every time, about 100 ms even on loopback (docs/budgets.md, "Mail over one
  // connection").
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, idleTimeout: POOL_IDLE_MS, ...SMTP_TIMEOUTS })
    : undefined;
  const delivery = transport
    ? startDelivery({ db, log, deliver: (message) => transport.sendMail({ from, ...message }) })
    : undefined;
  return {
    async send(message, trx) {
      await (trx ?? db)
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          reply_to: message.replyTo ?? null,
          headers: JSON.stringify(message.headers ?? {}),
          attachments: JSON.stringify(message.attachments ?? []),
        })
        .execute();
      if (!delivery) {
        log.info(
          { to: message.to, subject: message.subject, text: message.text },
          'mail kept in mail_outbox (SMTP_URL is not set)',
        );
        return;
      }
      // Inside a transaction the row is not visible yet: the worker's next round picks it up.
      if (!trx) delivery.wake();
    },
    wake: () => delivery?.wake(),
    deliverDue: async () => delivery?.drain(),
    async close() {
      await delivery?.stop();
      transport?.close();
    },
  };
}
