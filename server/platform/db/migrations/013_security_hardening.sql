-- Security review fixes: e-mail change by code, wrong codes counted across resends, sign-in failures
-- counted per address (lock) and per account (slow-down), and Idempotency-Keys tied to their request.

-- A new code brings 5 new tries, but the hour's wrong codes carry over, so resending cannot reset guessing.
ALTER TABLE email_verifications
  ADD COLUMN hour_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN hour_started_at timestamptz;

-- A requested change of the sign-in e-mail: it takes effect only once the code sent to new_email is
-- entered. The address is not reserved, so its real owner can still register it meanwhile.
CREATE TABLE email_changes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  hour_failures integer NOT NULL DEFAULT 0,
  hour_started_at timestamptz,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Wrong passwords per account and client address: too many lock that address out of that account only.
CREATE TABLE login_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  PRIMARY KEY (user_id, address)
);

-- Wrong passwords from everywhere (users.failed_login_count) no longer lock the account: past a budget
-- they space its sign-in attempts out, and the owner is told once a day.
ALTER TABLE users
  ADD COLUMN login_throttled_until timestamptz,
  ADD COLUMN login_alert_sent_at timestamptz;

-- A hash of the request a key was first used with; NULL for keys stored before this migration.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
