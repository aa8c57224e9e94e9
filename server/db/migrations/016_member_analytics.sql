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
