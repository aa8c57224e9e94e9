// Delivers queued mail from mail_outbox, in every server process. A process claims one due message at
// a time by moving its next attempt forward (a lease) in the same statement that picks it, with
// FOR UPDATE SKIP LOCKED: several processes on one PostgreSQL never deliver the same message twice.
// A failed attempt is retried with growing delays; a message that cannot be delivered in a day is given up.
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import { startWorkLoop, type WorkLoop } from '../work-loop';
import type { MailMessage } from './message';

/** How often a process looks for due mail it was not woken for (retries, mail queued by others). */
export const DELIVERY_POLL_INTERVAL_MS = 1_000;
/** Longer than any SMTP exchange may take (mailer.ts timeouts): after it, a crashed claim is retried. */
const CLAIM_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_DELAY_MS = 2_000;
const MAX_RETRY_DELAY_MS = 10 * 60_000;
/** A verification code or a card sent a day late helps nobody. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** How long a delivered or given-up row stays (its envelope only), for an operator looking into a complaint. */
const DELIVERED_RETENTION_DAYS = 7;

/**
 * Once a mail has left (or will never leave), its words go: they may hold a reset link or a code,
 * which nobody reading the database later should find.
 */
const WITHOUT_CONTENT = { text_body: '', html_body: null, attachments: '[]' } as const;

/** 2 s, 4 s, 8 s … up to 10 minutes between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

type OutboxRow = Pick<
  Selectable<MailOutboxTable>,
  | 'to_address'
  | 'subject'
  | 'text_body'
  | 'html_body'
  | 'reply_to'
  | 'headers'
  | 'attachments'
  | 'attempts'
  | 'id'
  | 'created_at'
>;

export function startDelivery(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  deliver(message: MailMessage): Promise<unknown>;
}): WorkLoop {
  const { db, log, deliver } = options;

  const deliverOne = async (row: OutboxRow) => {
    try {
      await deliver({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? '',
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        headers: row.headers,
        attachments: row.attachments,
      });
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), last_error: null, ...WITHOUT_CONTENT })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isGivingUp =
        Date.now() - row.created_at.getTime() + retryDelayMs(row.attempts) > GIVE_UP_AFTER_MS;
      await db
        .updateTable('mail_outbox')
        .set(
          isGivingUp
            ? { given_up_at: new Date(), last_error: reason, ...WITHOUT_CONTENT }
            : { next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts)), last_error: reason },
        )
        .where('id', '=', row.id)
        .execute();
      const details = { mailId: row.id, attempts: row.attempts, err: error };
      if (isGivingUp) log.error(details, 'mail could not be delivered for a day; given up');
      else log.warn(details, 'mail delivery failed; it will be retried');
    }
  };

  return startWorkLoop({
    intervalMs: DELIVERY_POLL_INTERVAL_MS,
    log,
    what: 'mail delivery',
    async takeOne() {
      const row = await claimDueMessage(db);
      if (!row) return false;
      await deliverOne(row);
      return true;
    },
  });
}

async function claimDueMessage(db: Kysely<Database>): Promise<OutboxRow | undefined> {
  const { rows } = await sql<OutboxRow>`
    UPDATE mail_outbox
    SET attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000})
    WHERE id = (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now()
        AND created_at > now() - make_interval(secs => ${GIVE_UP_AFTER_MS / 1000})
      ORDER BY next_attempt_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, subject, text_body, html_body, reply_to, headers, attachments, attempts, created_at`.execute(
    db,
  );
  return rows[0];
}

/**
 * Gives up mail that waited more than a day (queued while no SMTP server was configured, say), and
 * deletes rows delivered or given up more than a week ago; returns how many went.
 */
export async function pruneDeliveredMail(db: Kysely<Database>): Promise<number> {
  await db
    .updateTable('mail_outbox')
    .set({ given_up_at: new Date(), ...WITHOUT_CONTENT })
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('created_at', '<', new Date(Date.now() - GIVE_UP_AFTER_MS))
    .execute();
  const result = await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('given_up_at', 'is not', null)]))
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${DELIVERED_RETENTION_DAYS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
