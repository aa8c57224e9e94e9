-- The venue (issue 23): request counters every server process shares, and who signed in from where
-- in the last day, so a venue's one address is known for what it is.

-- One row per key: its window opened at the key's first request and counts until a minute later,
-- when the next request opens a new one (INSERT … ON CONFLICT … RETURNING, one statement). A count is
-- worth nothing after its minute, so the table is unlogged (a crash empties it: a fresh minute) and
-- rows of ended windows are deleted as they go.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);

-- The members who signed in from an address key (an IPv4 address, or an IPv6 /64) lately: many of
-- them within 24 h mark the address as shared on the security dashboard. `address` holds the key's
-- HMAC under the server's secret, never the address itself (sessions keep no client address).
CREATE TABLE sign_in_addresses (
  address text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (address, user_id)
);
CREATE INDEX sign_in_addresses_last_idx ON sign_in_addresses (address, last_at);
CREATE INDEX sign_in_addresses_prune_idx ON sign_in_addresses (last_at);
