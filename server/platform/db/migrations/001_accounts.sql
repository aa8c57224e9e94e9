-- Members and operators, and the short-lived secrets that prove who they are.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  date_of_birth date,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin', 'security')),
  is_verified boolean NOT NULL DEFAULT false,
  failed_login_count integer NOT NULL DEFAULT 0,
  failed_login_window_start timestamptz,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);

-- One live code per unverified member; the code itself is never stored.
CREATE TABLE email_verifications (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

-- Refresh tokens rotate; every token of one sign-in shares a family so reuse can revoke them all.
CREATE TABLE refresh_tokens (
  id_hash text PRIMARY KEY,
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);

-- Mail kept here when no SMTP server is configured, so a developer can still read it.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  path text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_viewed_at_idx ON page_views (viewed_at);
