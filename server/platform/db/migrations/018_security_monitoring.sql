-- Security monitoring (issue 16): events kept for a bounded time with daily counts that outlive them,
-- blocks shared by every server process, the operators' allowlist, rule modes and the audit log.

-- One row per detected event. Never a body, password or token: `matched` is the redacted part that
-- matched a rule. Pruned after SECURITY_EVENT_RETENTION_DAYS.
CREATE TABLE security_events (
  id bigserial PRIMARY KEY,
  event_type text NOT NULL,
  severity text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ip_address text NOT NULL,
  country text,
  endpoint text,
  email text,
  user_agent text,
  rule_id text NOT NULL,
  matched text,
  points integer NOT NULL DEFAULT 0
);
CREATE INDEX security_events_created_idx ON security_events (created_at);
CREATE INDEX security_events_ip_created_idx ON security_events (ip_address, created_at);

-- Counts per day, type and severity, kept after the events themselves are pruned. `suppressed` counts
-- events not stored one by one because an address flooded (storage stays bounded).
CREATE TABLE security_event_daily (
  day date NOT NULL,
  event_type text NOT NULL,
  severity text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  suppressed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, event_type, severity)
);

-- A block is active while lifted_at is null and expires_at is ahead. `causes` holds the events and
-- points that filled the address's bucket.
CREATE TABLE security_blocks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ip_address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  source text NOT NULL,
  reason text NOT NULL,
  created_by text,
  offence integer NOT NULL DEFAULT 1,
  points integer NOT NULL DEFAULT 0,
  country text,
  causes jsonb NOT NULL DEFAULT '[]'::jsonb,
  lifted_at timestamptz,
  lifted_by text
);
CREATE INDEX security_blocks_active_idx ON security_blocks (expires_at) WHERE lifted_at IS NULL;
CREATE INDEX security_blocks_ip_idx ON security_blocks (ip_address, created_at);

CREATE TABLE security_allowlist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  range text NOT NULL,
  comment text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);

-- Only rules an operator switched away from their default have a row.
CREATE TABLE security_rule_modes (
  rule_id text PRIMARY KEY,
  mode text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);

-- Append-only record of operator actions.
CREATE TABLE security_audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  detail text NOT NULL,
  ip_address text
);
CREATE INDEX security_audit_log_at_idx ON security_audit_log (at);

-- When an alert mail of each kind last went out, so every process throttles the same way.
CREATE TABLE security_alerts_sent (
  kind text PRIMARY KEY,
  sent_at timestamptz NOT NULL
);
