-- Secure cards (NTAG 424 DNA, docs/behaviour/secure-cards.md): a card's tag UID once known, its two SDM
-- keys sealed under CARD_KEYS_SECRET (never in clear), the keys it held before a rotation (kept until
-- a tap shows the card re-encoded), and its last verified read counter: a tap is verified only when
-- its counter is above it, written in one conditional UPDATE so that of two processes one wins.
CREATE TABLE secure_cards (
  nfc_uid text PRIMARY KEY REFERENCES cards (nfc_uid) ON DELETE CASCADE,
  tag_uid text UNIQUE CHECK (tag_uid ~ '^[0-9A-F]{14}$'),
  sealed_keys text NOT NULL,
  previous_sealed_keys text,
  last_counter integer NOT NULL DEFAULT -1,
  last_tap_at timestamptz,
  -- Country of the last verified tap (ISO alpha-2), for the clone check; never the address.
  last_tap_country text,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- A contact saved from a verified tap: they met in person, and that tap's counter.
ALTER TABLE contacts ADD COLUMN met_in_person boolean NOT NULL DEFAULT false;
ALTER TABLE contacts ADD COLUMN tap_counter integer;
