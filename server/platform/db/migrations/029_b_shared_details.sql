-- A visitor of a public card who shared their details with its owner (issue 26): the contact it made
-- says when (with their consent, given at that moment) and how the visitor came to the card.
ALTER TABLE contacts
  ADD COLUMN shared_at timestamptz,
  ADD COLUMN shared_source text CHECK (shared_source IN ('nfc', 'qr', 'link', 'other'));
CREATE INDEX contacts_shared_idx ON contacts (owner_id, shared_at) WHERE shared_at IS NOT NULL;

-- The copy of the owner's card a visitor may ask for goes out through the same once-a-day-per-address
-- rule as the owner's own sends, but does not use up the owner's own daily sends.
ALTER TABLE card_sends ADD COLUMN is_copy boolean NOT NULL DEFAULT false;
