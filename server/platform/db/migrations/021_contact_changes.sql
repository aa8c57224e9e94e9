-- The contacts change feed (GET /api/contact/changes): every contact remembers the list version at which
-- it last changed, and a deleted contact leaves a tombstone at the version that removed it, so a client
-- at version N downloads only what changed after N instead of the whole list. The same triggers keep
-- the list version as migration 003 did (one bump per row written), now stamping the row they bump for.
-- `notes_changed_at` lets two devices' edits of the same notes be told apart by age (the newer is kept).

ALTER TABLE contacts ADD COLUMN list_version bigint NOT NULL DEFAULT 0;
ALTER TABLE contacts ADD COLUMN notes_changed_at timestamptz;
CREATE INDEX contacts_owner_list_version_idx ON contacts (owner_id, list_version);

CREATE TABLE contact_tombstones (
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  contact_id uuid NOT NULL,
  list_version bigint NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, contact_id)
);
CREATE INDEX contact_tombstones_owner_version_idx ON contact_tombstones (owner_id, list_version);

-- Tombstones older than this version were pruned: a cursor before it gets the whole list again.
ALTER TABLE contact_list_versions ADD COLUMN oldest_cursor bigint NOT NULL DEFAULT 0;

DROP TRIGGER contacts_bump_list_version_on_insert_delete ON contacts;
DROP TRIGGER contacts_bump_list_version_on_update ON contacts;
DROP FUNCTION bump_contact_list_version();

CREATE FUNCTION next_contact_list_version(member uuid) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  INSERT INTO contact_list_versions AS versions (user_id, version)
  VALUES (member, 1)
  ON CONFLICT (user_id) DO UPDATE SET version = versions.version + 1
  RETURNING version INTO bumped;
  RETURN bumped;
END;
$$;

-- Only when the member still exists: while a member is deleted their contacts go in the same cascade,
-- and a tombstone (or a version row) for them would point at a user who no longer exists.
CREATE FUNCTION leave_contact_tombstone(member uuid, contact uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  removed_at bigint;
BEGIN
  UPDATE contact_list_versions SET version = version + 1 WHERE user_id = member
  RETURNING version INTO removed_at;
  IF removed_at IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = member) THEN
    INSERT INTO contact_tombstones (owner_id, contact_id, list_version)
    VALUES (member, contact, removed_at)
    ON CONFLICT (owner_id, contact_id) DO UPDATE SET list_version = EXCLUDED.list_version, deleted_at = now();
  END IF;
END;
$$;

-- An insert that meets a conflict (ON CONFLICT DO NOTHING: the person is already saved) changes nothing,
-- so its row is stamped with the version it would make and the version moves only once it is in.
CREATE FUNCTION coming_contact_list_version(member uuid) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  stored bigint;
BEGIN
  INSERT INTO contact_list_versions (user_id, version) VALUES (member, 0)
  ON CONFLICT (user_id) DO NOTHING;
  SELECT version INTO stored FROM contact_list_versions WHERE user_id = member FOR UPDATE;
  RETURN stored + 1;
END;
$$;

CREATE FUNCTION stamp_contact_list_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.list_version := coming_contact_list_version(NEW.owner_id);
    RETURN NEW;
  END IF;
  -- An update that changes nothing (a flag set to what it was) leaves the tag, and so the caches, alone.
  IF (OLD.*) IS NOT DISTINCT FROM (NEW.*) THEN
    RETURN NEW;
  END IF;
  IF OLD.notes IS DISTINCT FROM NEW.notes THEN
    NEW.notes_changed_at := now();
  END IF;
  IF OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN
    PERFORM leave_contact_tombstone(OLD.owner_id, OLD.id);
  END IF;
  NEW.list_version := next_contact_list_version(NEW.owner_id);
  RETURN NEW;
END;
$$;

CREATE FUNCTION settle_inserted_contact_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_list_versions SET version = GREATEST(version, NEW.list_version) WHERE user_id = NEW.owner_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION tombstone_deleted_contact() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leave_contact_tombstone(OLD.owner_id, OLD.id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER contacts_stamp_list_version
BEFORE INSERT OR UPDATE ON contacts
FOR EACH ROW EXECUTE FUNCTION stamp_contact_list_version();

CREATE TRIGGER contacts_settle_version_on_insert
AFTER INSERT ON contacts
FOR EACH ROW EXECUTE FUNCTION settle_inserted_contact_version();

CREATE TRIGGER contacts_tombstone_on_delete
AFTER DELETE ON contacts
FOR EACH ROW EXECUTE FUNCTION tombstone_deleted_contact();
