// Sends mail through SMTP when SMTP_URL is set; otherwise logs it and keeps it in mail_outbox.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when that is a person rather than Tapnet. */
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send({ to, subject, text }) {
      await db.insertInto('mail_outbox').values({ to_address: to, subject, text_body: text }).execute();
      log.info({ to, subject, text }, 'mail kept in mail_outbox (SMTP_URL is not set)');
    },
    close: () => {},
  };
}
