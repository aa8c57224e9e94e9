-- Operators' second factor and their sessions (issue 30 point 4), and notices that let every process
-- refuse an ended session's access tokens at once while remembering the open ones.

-- An operator's TOTP (RFC 6238): the confirmed secret, one being set up, and the last time step a code
-- was accepted for, so that a code is refused when replayed within its window. Secrets are kept
-- encrypted with a key derived from the server's secret (server/modules/operators/factor-secrets.ts).
CREATE TABLE operator_factors (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  totp_secret text,
  pending_secret text,
  last_used_step bigint,
  confirmed_at timestamptz
);

-- Ten per enrolment, shown once; only their hashes are kept, each usable once.
CREATE TABLE operator_recovery_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- One per operator sign-in, kept apart from member_sessions, which the admin analytics count.
CREATE TABLE operator_sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'expired', 'revoked')),
  device text NOT NULL DEFAULT 'Unknown' CHECK (device IN ('mobile', 'tablet', 'desktop', 'Unknown')),
  os text NOT NULL DEFAULT 'Unknown',
  browser text NOT NULL DEFAULT 'Unknown',
  country text CHECK (country ~ '^[A-Z]{2}$')
);
CREATE INDEX operator_sessions_user_open_idx ON operator_sessions (user_id) WHERE ended_at IS NULL;

-- A session that ends or goes: the payload is its id (the channel is the table's name).
CREATE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_NAME, OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER member_sessions_notify_end
AFTER UPDATE OF ended_at ON member_sessions
FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at) EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER member_sessions_notify_delete
AFTER DELETE ON member_sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER operator_sessions_notify_end
AFTER UPDATE OF ended_at ON operator_sessions
FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at) EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER operator_sessions_notify_delete
AFTER DELETE ON operator_sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_change();
