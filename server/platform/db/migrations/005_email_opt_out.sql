-- Members who asked for no e-mail beyond what running their account needs (spec §3 Notification settings).
-- Verification codes and password-reset links still go out; sent cards and invitation mail do not.
ALTER TABLE users ADD COLUMN email_opt_out boolean NOT NULL DEFAULT false;
