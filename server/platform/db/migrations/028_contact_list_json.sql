-- Each contact as GET /api/contact lists it, written by the database when the row is written, so that
-- serving a list joins texts instead of reading 19 columns a contact and building JSON from them (issue
-- 25: at most 1 ms of server CPU per 100 contacts; on PGlite the database runs in the server's own
-- process). The fields, names and formats are toContact's (server/modules/contacts/queries.ts), which
-- answers every other contact call; tests/server/contacts.test.ts holds the two equal. A column the
-- list gains later is added here too, in a migration that replaces this function.

ALTER TABLE contacts ADD COLUMN list_json text;

CREATE FUNCTION contact_list_json() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(contact)::text INTO NEW.list_json
  FROM (
    SELECT NEW.id AS "_id", NEW.name AS "name", NEW.company AS "company", NEW.role AS "role",
      NEW.email AS "email", NEW.phone AS "phone", NEW.linkedin_url AS "linkedinURL",
      NEW.additional_url AS "additionalURL", NEW.pronouns AS "pronouns", NEW.notes AS "notes",
      NEW.lat AS "lat", NEW.lng AS "lng", NEW.where_met AS "whereMet", NEW.is_flagged AS "isFlagged",
      to_char(NEW.connected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "connectedAt",
      NEW.contact_details_sent AS "contactDetailsSent", NEW.invite_sent_by_email AS "inviteSentByEmail",
      NEW.from_invitation AS "fromInvitation", NEW.nfc_uid AS "nfcUID",
      NEW.met_in_person AS "metInPerson", NEW.tap_counter AS "tapCounter"
  ) contact;
  RETURN NEW;
END;
$$;

CREATE TRIGGER contacts_list_json
BEFORE INSERT OR UPDATE ON contacts
FOR EACH ROW EXECUTE FUNCTION contact_list_json();

-- The rows already saved get theirs. Their lists do not change, so neither do their tags nor their
-- change-feed versions: the members' apps keep their cached lists (migration 021's stamp is held off).
ALTER TABLE contacts DISABLE TRIGGER contacts_stamp_list_version;
UPDATE contacts SET list_json = NULL;
ALTER TABLE contacts ENABLE TRIGGER contacts_stamp_list_version;

ALTER TABLE contacts ALTER COLUMN list_json SET NOT NULL;
