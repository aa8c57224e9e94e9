-- Operators' passkeys (WebAuthn, issue 30 point 4), a second factor beside the authenticator app: each
-- credential's public key (COSE) and signature counter, named by its operator; and the challenges of
-- registrations and sign-ins under way, kept server-side, used once and only for a few minutes.
CREATE TABLE operator_passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  credential_id text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX operator_passkeys_user_idx ON operator_passkeys (user_id);

CREATE TABLE operator_passkey_challenges (
  challenge text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_passkey_challenges_expiry_idx ON operator_passkey_challenges (expires_at);
