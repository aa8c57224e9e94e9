-- A version per member's contact list, for the ETag of GET /api/contact. A trigger keeps it, so every
-- code path that writes contacts (saves, notes, invitations, account deletion) changes the tag and no
-- one has to remember to. A member without a row is at version 0.

CREATE TABLE contact_list_versions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version bigint NOT NULL
);

INSERT INTO contact_list_versions (user_id, version)
SELECT DISTINCT owner_id, 1 FROM contacts;

CREATE FUNCTION bump_contact_list_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO contact_list_versions AS versions (user_id, version)
    VALUES (NEW.owner_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET version = versions.version + 1;
  END IF;
  -- Only UPDATE for the old owner: while a member is deleted, their contacts go in the same cascade,
  -- and inserting a row for them would point at a user who no longer exists.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.owner_id IS DISTINCT FROM NEW.owner_id) THEN
    UPDATE contact_list_versions SET version = version + 1 WHERE user_id = OLD.owner_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER contacts_bump_list_version_on_insert_delete
AFTER INSERT OR DELETE ON contacts
FOR EACH ROW EXECUTE FUNCTION bump_contact_list_version();

-- An update that changes nothing (a flag set to what it was) leaves the tag, and so the clients' caches, alone.
CREATE TRIGGER contacts_bump_list_version_on_update
AFTER UPDATE ON contacts
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_contact_list_version();
