-- Events as members think of them (issue 27): a contact may carry the event where the two met ("Web
-- Summit 2026"), and a member may name a current event that every contact they save takes until they
-- clear it. Names are kept as typed (trimmed by the API), at most 100 characters.
ALTER TABLE contacts ADD COLUMN event text CHECK (char_length(event) BETWEEN 1 AND 100);

CREATE TABLE member_current_events (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 100),
  set_at timestamptz NOT NULL DEFAULT now()
);
