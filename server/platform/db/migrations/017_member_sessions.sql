-- Member sessions for the admin dashboard (README "Admin analytics"). A session is one sign-in and its
-- refresh chain (id = the refresh-token family); a visit is a run of its activity with no gap over 30
-- minutes. Only the device class, OS and browser families and the country are kept: never the address.
CREATE TABLE member_sessions (
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
-- Recent logins; devices and countries of the last 30 days from the index alone.
CREATE INDEX member_sessions_started_idx ON member_sessions (started_at DESC) INCLUDE (device, country, user_id);
CREATE INDEX member_sessions_user_started_idx ON member_sessions (user_id, started_at DESC);
-- Online Now and the expiry sweep look at open sessions only.
CREATE INDEX member_sessions_open_seen_idx ON member_sessions (last_seen_at) WHERE ended_at IS NULL;

CREATE TABLE session_visits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES member_sessions (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX session_visits_session_seen_idx ON session_visits (session_id, last_seen_at DESC);
CREATE INDEX session_visits_started_idx ON session_visits (started_at) INCLUDE (last_seen_at);
CREATE INDEX session_visits_seen_user_idx ON session_visits (last_seen_at, user_id);

-- A save the outbox replayed: made offline, synced later.
ALTER TABLE contacts ADD COLUMN saved_offline boolean NOT NULL DEFAULT false;
CREATE INDEX contacts_connected_at_idx ON contacts (connected_at) INCLUDE (saved_offline);

-- New members per day, recent registrations; the card funnel's taps.
CREATE INDEX users_member_created_idx ON users (created_at DESC) WHERE role = 'user';
CREATE INDEX card_events_taps_idx ON card_events (occurred_at, nfc_uid) WHERE type = 'tap';
