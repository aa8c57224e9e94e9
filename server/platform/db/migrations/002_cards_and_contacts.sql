-- NFC cards issued by operators, the business card each member shows, and the contacts members save.

CREATE SEQUENCE card_serial START 1000;

CREATE TABLE cards (
  nfc_uid text PRIMARY KEY CHECK (nfc_uid ~ '^[0-9a-f]{40}-[0-9]+$'),
  issued_at timestamptz NOT NULL DEFAULT now(),
  -- A member holds at most one card; deleting the member returns the card to the unclaimed pool.
  user_id uuid UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  claimed_at timestamptz
);

CREATE TABLE business_cards (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  pronouns text NOT NULL DEFAULT '',
  name text NOT NULL,
  company text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  linkedin_url text NOT NULL DEFAULT '',
  additional_url text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The member whose card this is; the saved copy stays the saver's even if that member leaves.
  card_owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  nfc_uid text,
  name text NOT NULL,
  company text NOT NULL DEFAULT '',
  role text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  linkedin_url text NOT NULL DEFAULT '',
  additional_url text NOT NULL DEFAULT '',
  pronouns text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  is_flagged boolean NOT NULL DEFAULT false,
  connected_at timestamptz NOT NULL DEFAULT now(),
  contact_details_sent boolean NOT NULL DEFAULT false,
  invite_sent_by_email boolean NOT NULL DEFAULT false,
  from_invitation boolean NOT NULL DEFAULT false
);
CREATE INDEX contacts_owner_id_connected_at_idx ON contacts (owner_id, connected_at DESC);
-- One saved copy of a person per member, however many times their card is tapped.
CREATE UNIQUE INDEX contacts_owner_card_owner_key ON contacts (owner_id, card_owner_id);

-- The answer to a request made with an Idempotency-Key, replayed verbatim for every retry.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  status_code integer,
  response_body json,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- What happens on public card pages. No IP address is kept: the visitor is only "mobile or not".
CREATE TABLE card_events (
  id bigserial PRIMARY KEY,
  nfc_uid text NOT NULL,
  card_owner_id uuid REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('view', 'tap', 'link_click', 'save')),
  link text,
  referrer text NOT NULL DEFAULT 'none',
  is_mobile boolean NOT NULL DEFAULT false,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_events_owner_occurred_idx ON card_events (card_owner_id, occurred_at);
