-- Contacts in other apps (issue 29): the app passwords CardDAV clients sign in with, and signed webhooks
-- delivered from a durable queue. The CardDAV sync tokens need nothing new: they are the list versions,
-- contact stamps and tombstones of migration 021.

-- One per device. Only the SHA-256 of the password is kept: it is 100 random bits, so a hash as slow
-- as the account password's would add nothing but time to every sync.
CREATE TABLE app_passwords (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  password_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX app_passwords_user_idx ON app_passwords (user_id, created_at);

-- A member's receivers. The secret signs every delivery, so it is kept as it is (it is shown once).
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  failures_in_a_row integer NOT NULL DEFAULT 0,
  disabled_at timestamptz
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id);

-- One event for one endpoint, queued in the transaction that changed the contact. The body is fixed
-- then, so every retry sends the same bytes with the same event id; (endpoint, event) is unique, so an
-- event is never queued twice for one endpoint. A claim moves next_attempt_at forward (a lease), as
-- mail_outbox's do, so two processes never send one delivery at once.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  given_up_at timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND given_up_at IS NULL;
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC);
