-- A contact the member added by hand (issue 26 point 3: typed in, or read from a paper card on the
-- device), with no card behind it; the list JSON of migrations 028/032/033 gains "addedByHand", as
-- toContact answers it (server/modules/contacts/queries.ts).
-- IF NOT EXISTS: tests/server/contact-list-json.test.ts runs the list JSON migrations again.
ALTER TABLE contacts ADD COLUMN IF NOT EXISTS added_by_hand boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION contact_list_json() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(contact)::text INTO NEW.list_json
  FROM (
    SELECT NEW.id AS "_id", NEW.name AS "name", NEW.company AS "company", NEW.role AS "role",
      NEW.email AS "email", NEW.phone AS "phone", NEW.linkedin_url AS "linkedinURL",
      NEW.additional_url AS "additionalURL", NEW.pronouns AS "pronouns", NEW.notes AS "notes",
      NEW.lat AS "lat", NEW.lng AS "lng", NEW.where_met AS "whereMet", NEW.event AS "event",
      NEW.is_flagged AS "isFlagged",
      to_char(NEW.connected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "connectedAt",
      NEW.contact_details_sent AS "contactDetailsSent", NEW.invite_sent_by_email AS "inviteSentByEmail",
      NEW.from_invitation AS "fromInvitation", NEW.nfc_uid AS "nfcUID",
      CASE WHEN NEW.shared_at IS NOT NULL AND NEW.shared_source IS NOT NULL
        THEN json_build_object(
          'at', to_char(NEW.shared_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'source', NEW.shared_source)
      END AS "sharedWithYou",
      NEW.met_in_person AS "metInPerson", NEW.tap_counter AS "tapCounter",
      NEW.added_by_hand AS "addedByHand"
  ) contact;
  RETURN NEW;
END;
$$;

-- Rows already saved get the new field (false); no list changes, so no tag moves.
ALTER TABLE contacts DISABLE TRIGGER contacts_stamp_list_version;
UPDATE contacts SET list_json = NULL;
ALTER TABLE contacts ENABLE TRIGGER contacts_stamp_list_version;
