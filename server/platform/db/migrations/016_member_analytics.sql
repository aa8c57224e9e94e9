-- Member analytics (issue 14): how a card page's visitor came, the country where two people met, and
-- the indexes that keep each analytics call within its budget (README "Member analytics").

-- The QR code and shared links mark the card's URL (?src=qr, ?src=link); the page reports an NFC tap
-- when there is no marker and the opening looks like one. Older events knew only taps.
ALTER TABLE card_events
  ADD COLUMN source text NOT NULL DEFAULT 'other' CHECK (source IN ('nfc', 'qr', 'link', 'other'));
UPDATE card_events SET source = 'nfc' WHERE type = 'tap';

-- An analytics call counts a member's events per day by type and source: with both in the index it
-- reads the index alone. It replaces the narrower (owner, time) index of migration 002.
CREATE INDEX card_events_owner_occurred_kind_idx
  ON card_events (card_owner_id, occurred_at) INCLUDE (type, source);
DROP INDEX card_events_owner_occurred_idx;

-- The country (ISO 3166-1 alpha-2) of the place where a contact was met, from lat/lng by an offline
-- lookup (server/geo/contact-country.ts); '' where the place is in no country (at sea), NULL while not
-- looked up yet. The lookup needs the borders, not SQL, so the analytics calls fill it as they go.
ALTER TABLE contacts ADD COLUMN country_code text;
CREATE INDEX contacts_country_pending_idx ON contacts (owner_id) WHERE country_code IS NULL AND lat IS NOT NULL;

-- A member's page events counted per UTC hour, kept by a trigger whatever code path inserts an event.
-- An analytics call over a year reads at most 8,760 rows per period instead of every event (200,000 for
-- a busy card). Local days are whole hours in every zone whose offset is whole hours; calls in other
-- zones (India, Nepal, Newfoundland…) count the events themselves (server/modules/member-analytics).
-- Taps are NFC openings by definition; views and saves are counted per source.
CREATE TABLE card_event_hours (
  card_owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  taps integer NOT NULL DEFAULT 0,
  link_clicks integer NOT NULL DEFAULT 0,
  views_nfc integer NOT NULL DEFAULT 0,
  views_qr integer NOT NULL DEFAULT 0,
  views_link integer NOT NULL DEFAULT 0,
  views_other integer NOT NULL DEFAULT 0,
  saves_nfc integer NOT NULL DEFAULT 0,
  saves_qr integer NOT NULL DEFAULT 0,
  saves_link integer NOT NULL DEFAULT 0,
  saves_other integer NOT NULL DEFAULT 0,
  PRIMARY KEY (card_owner_id, hour)
);

INSERT INTO card_event_hours (card_owner_id, hour, taps, link_clicks, views_nfc, views_qr, views_link,
  views_other, saves_nfc, saves_qr, saves_link, saves_other)
SELECT card_owner_id, date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  count(*) FILTER (WHERE type = 'tap'),
  count(*) FILTER (WHERE type = 'link_click'),
  count(*) FILTER (WHERE type = 'view' AND source = 'nfc'),
  count(*) FILTER (WHERE type = 'view' AND source = 'qr'),
  count(*) FILTER (WHERE type = 'view' AND source = 'link'),
  count(*) FILTER (WHERE type = 'view' AND source = 'other'),
  count(*) FILTER (WHERE type = 'save' AND source = 'nfc'),
  count(*) FILTER (WHERE type = 'save' AND source = 'qr'),
  count(*) FILTER (WHERE type = 'save' AND source = 'link'),
  count(*) FILTER (WHERE type = 'save' AND source = 'other')
FROM card_events
WHERE card_owner_id IS NOT NULL
GROUP BY 1, 2;

CREATE FUNCTION count_card_event_hour() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.card_owner_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO card_event_hours AS hours (card_owner_id, hour, taps, link_clicks, views_nfc, views_qr,
    views_link, views_other, saves_nfc, saves_qr, saves_link, saves_other)
  VALUES (
    NEW.card_owner_id,
    date_trunc('hour', NEW.occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    (NEW.type = 'tap')::int,
    (NEW.type = 'link_click')::int,
    (NEW.type = 'view' AND NEW.source = 'nfc')::int,
    (NEW.type = 'view' AND NEW.source = 'qr')::int,
    (NEW.type = 'view' AND NEW.source = 'link')::int,
    (NEW.type = 'view' AND NEW.source = 'other')::int,
    (NEW.type = 'save' AND NEW.source = 'nfc')::int,
    (NEW.type = 'save' AND NEW.source = 'qr')::int,
    (NEW.type = 'save' AND NEW.source = 'link')::int,
    (NEW.type = 'save' AND NEW.source = 'other')::int
  )
  ON CONFLICT (card_owner_id, hour) DO UPDATE SET
    taps = hours.taps + EXCLUDED.taps,
    link_clicks = hours.link_clicks + EXCLUDED.link_clicks,
    views_nfc = hours.views_nfc + EXCLUDED.views_nfc,
    views_qr = hours.views_qr + EXCLUDED.views_qr,
    views_link = hours.views_link + EXCLUDED.views_link,
    views_other = hours.views_other + EXCLUDED.views_other,
    saves_nfc = hours.saves_nfc + EXCLUDED.saves_nfc,
    saves_qr = hours.saves_qr + EXCLUDED.saves_qr,
    saves_link = hours.saves_link + EXCLUDED.saves_link,
    saves_other = hours.saves_other + EXCLUDED.saves_other;
  RETURN NULL;
END;
$$;

CREATE TRIGGER card_events_count_hour
AFTER INSERT ON card_events
FOR EACH ROW EXECUTE FUNCTION count_card_event_hour();
