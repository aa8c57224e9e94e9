-- A card people remember (issue 26 point 5): a photo or logo, an accent colour and labelled links.
-- The photo's bytes live in the database, not in a files directory: an operator's backup is the
-- database (docs/operations.md), and PGlite's data directory is one folder either way. The card names
-- its current photo by a random id that changes with every upload, so the photo's URL can be cached
-- for good.
ALTER TABLE business_cards
  ADD COLUMN accent text NOT NULL DEFAULT '',
  ADD COLUMN links jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN photo_id text;

CREATE TABLE card_photos (
  photo_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  image bytea NOT NULL,
  thumbnail bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_photos_user_idx ON card_photos (user_id);
