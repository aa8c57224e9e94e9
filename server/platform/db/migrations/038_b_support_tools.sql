-- The admin's support tools (issue 30 point 3, docs/operations.md "Support").

-- An account an operator disabled: its tokens, app passwords and sign-in are refused, its public card
-- says it is unavailable, until an operator enables it again. Every process must stop admitting it at
-- once, so the change sends the member-account notice (migration 023) as a deletion does.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

CREATE TRIGGER users_notify_member_account_on_disable
AFTER UPDATE OF disabled_at ON users
FOR EACH ROW WHEN (OLD.disabled_at IS DISTINCT FROM NEW.disabled_at) EXECUTE FUNCTION notify_member_account();

-- A lost card moved to a replacement: the old Card ID then says it was replaced, and is never
-- activated again (a finder cannot take it over).
ALTER TABLE cards
  ADD COLUMN replaced_by text REFERENCES cards (nfc_uid),
  ADD COLUMN replaced_at timestamptz;
