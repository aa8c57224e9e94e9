-- Every member's card link (issue 26): /c/<handle> opens their card with or without an NFC card.
-- A handle starts as 16 random hex characters (unguessable); the member may choose another. The old
-- handle stays, no longer current, so links already shared lead to the card's current address, and
-- no other member can ever take it over. Removed with the account.
CREATE TABLE card_links (
  handle text PRIMARY KEY CHECK (handle ~ '^[a-z0-9][a-z0-9-]{2,38}[a-z0-9]$'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_current boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX card_links_current_idx ON card_links (user_id) WHERE is_current;

-- Members who joined before card links get one now; operators have no card.
INSERT INTO card_links (handle, user_id)
SELECT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16), id
FROM users
WHERE role = 'user';
