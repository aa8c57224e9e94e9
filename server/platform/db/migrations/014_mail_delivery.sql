-- Every mail is queued in mail_outbox and delivered from there by a worker in each server process,
-- with retries and back-off; a request never waits on the SMTP server. A claim moves next_attempt_at
-- forward (a lease), so two processes never deliver the same row at once.
ALTER TABLE mail_outbox
  ADD COLUMN html_body text,
  ADD COLUMN reply_to text,
  ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN last_error text,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN given_up_at timestamptz;
-- Mail kept before this migration was only ever logged (no SMTP server): it is not sent now.
UPDATE mail_outbox SET given_up_at = created_at;
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND given_up_at IS NULL;

-- Addresses that asked, through the link in a mail, never to get mail from Tapnet members again.
-- A row is written when the first such mail goes out (the link's token hash), and marked when used.
CREATE TABLE email_unsubscribes (
  email text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  unsubscribed_at timestamptz
);

-- Each card a member e-mails: one per recipient per day, and a daily cap per member. Keyed on the
-- address, not the contact, so deleting and saving a contact again does not reset the limit.
CREATE TABLE card_sends (
  id bigserial PRIMARY KEY,
  sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recipient_email text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_sends_sender_sent_idx ON card_sends (sender_id, sent_at);
