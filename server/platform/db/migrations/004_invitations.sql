-- Invitations between members: when A saves B's card, B is invited to add A back.

CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  inviter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invitee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (inviter_id <> invitee_id),
  -- At most one pending invitation per pair, however often A saves or sends to B.
  UNIQUE (inviter_id, invitee_id)
);
-- The invitee's list is the only way invitations are read.
CREATE INDEX invitations_invitee_created_idx ON invitations (invitee_id, created_at DESC);
