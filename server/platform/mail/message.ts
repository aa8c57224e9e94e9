// One e-mail as Tapnet composes it: what the templates build, the mailer queues and delivery sends.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when that is a person rather than Tapnet. */
  replyTo?: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Extra headers (List-Unsubscribe on mail to people who are not members). */
  headers?: Record<string, string>;
}
