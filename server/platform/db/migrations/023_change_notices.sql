-- Notices that let each server process keep a member's list version and account in memory, so that the
-- contact list's 304 (every open app, every 25 s) reads nothing from the database. The payload is the
-- member's id; a process forgets what it remembered of that member and reads it again when next asked.
-- PostgreSQL sends a notice at commit only, and once per channel and payload in a transaction.

CREATE FUNCTION notify_contact_list_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('contact_list_version', NEW.user_id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER contact_list_versions_notify
AFTER INSERT OR UPDATE ON contact_list_versions
FOR EACH ROW EXECUTE FUNCTION notify_contact_list_version();

-- An account that goes, or whose role changes, must stop being accepted as a member at once.
CREATE FUNCTION notify_member_account() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_account', OLD.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_notify_member_account_on_delete
AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_member_account();

CREATE TRIGGER users_notify_member_account_on_role
AFTER UPDATE OF role ON users
FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION notify_member_account();
