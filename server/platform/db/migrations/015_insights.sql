-- Insights (issue 13): members' preferences, what the configured feeds hold, and each member's digests.

-- One row per member who saved preferences; the spec's InsightPreferences object as it was validated.
CREATE TABLE insight_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  preferences jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The feeds of the configuration (or the shipped sample set), with what conditional GET and back-off need.
CREATE TABLE insight_feeds (
  url text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'events')),
  title text NOT NULL DEFAULT '',
  etag text,
  last_modified text,
  last_fetched_at timestamptz,
  last_success_at timestamptz,
  failure_count integer NOT NULL DEFAULT 0,
  next_fetch_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);

-- News items and event occurrences (a recurring event has one row per occurrence within the horizon).
-- dedupe_key holds the normalised URL (news) or title and start (events): the same story from two feeds
-- is stored once. match_text is the lower-cased text the ranking matches preferences against.
CREATE TABLE insight_items (
  -- A hash of kind and dedupe_key: the same item keeps its id through every fetch.
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'events')),
  dedupe_key text NOT NULL,
  title_key text NOT NULL,
  feed_url text NOT NULL,
  source text NOT NULL,
  url text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  categories jsonb NOT NULL DEFAULT '[]'::jsonb,
  location text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  is_all_day boolean NOT NULL DEFAULT false,
  match_text text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, dedupe_key)
);
CREATE INDEX insight_items_kind_starts_idx ON insight_items (kind, starts_at);
CREATE INDEX insight_items_title_key_idx ON insight_items (kind, title_key);

-- A member's digest per preference set (a hash of it); news digests also hold the calendar day they are for.
CREATE TABLE insight_digests (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('news', 'events')),
  preference_key text NOT NULL,
  day text NOT NULL,
  digest jsonb NOT NULL,
  produced_by text NOT NULL,
  generated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, preference_key)
);

-- Forced refreshes per member, kind and calendar day (spec §9: one a day each; kept 7 days).
CREATE TABLE insight_refreshes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('news', 'events')),
  day text NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, kind, day)
);

-- What members open, share or expand; the item's URL is kept so the row outlives the pruned item.
CREATE TABLE insight_clicks (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  item_id text NOT NULL,
  url text NOT NULL,
  action text NOT NULL,
  clicked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insight_clicks_user_idx ON insight_clicks (user_id, clicked_at);
