-- A contact saved from a card carries the card's photo and labelled links (issue 26 point 5): the links
-- as the card had them when saved, like its other fields; the photo by its id, not its bytes, so a list
-- row, the detail view and the address book show the card's photo from its one stored copy. A photo's id
-- changes with every upload and its old bytes are deleted (server/modules/cards/photos.ts), so the
-- contacts of a card follow its current photo: a new photo replaces theirs, a removed one leaves none.
-- The list JSON of migrations 028/032/033/034 gains "links", "photoURL" and "photoThumbnailURL", as
-- toContact answers them (server/modules/contacts/queries.ts; the URLs as cardPhotoUrls makes them).
-- IF NOT EXISTS: tests/server/contact-list-json.test.ts runs the list JSON migrations again.
ALTER TABLE contacts
  ADD COLUMN IF NOT EXISTS links jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS photo_id text REFERENCES card_photos (photo_id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS contacts_photo_idx ON contacts (photo_id) WHERE photo_id IS NOT NULL;

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
      NEW.added_by_hand AS "addedByHand",
      NEW.links AS "links",
      coalesce('/api/card-photos/' || NEW.photo_id, '') AS "photoURL",
      coalesce('/api/card-photos/' || NEW.photo_id || '/small', '') AS "photoThumbnailURL"
  ) contact;
  RETURN NEW;
END;
$$;

-- A card's new photo (or none) becomes its contacts' photo, in the transaction that changed it.
CREATE OR REPLACE FUNCTION follow_card_photo() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET photo_id = NEW.photo_id
  WHERE card_owner_id = NEW.user_id AND photo_id IS DISTINCT FROM NEW.photo_id;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS business_cards_follow_photo ON business_cards;
CREATE TRIGGER business_cards_follow_photo
AFTER UPDATE OF photo_id ON business_cards
FOR EACH ROW WHEN (OLD.photo_id IS DISTINCT FROM NEW.photo_id)
EXECUTE FUNCTION follow_card_photo();

-- Rows already saved get the new fields (no links, no photo); that changes no list, so no tag moves.
ALTER TABLE contacts DISABLE TRIGGER contacts_stamp_list_version;
UPDATE contacts SET list_json = NULL;
ALTER TABLE contacts ENABLE TRIGGER contacts_stamp_list_version;

-- Then those whose card has a photo take it, as they will whenever it changes: their lists do change.
-- Their links stay as saved (none), like the card's other fields at the time.
UPDATE contacts SET photo_id = business_cards.photo_id
FROM business_cards
WHERE business_cards.user_id = contacts.card_owner_id AND business_cards.photo_id IS NOT NULL
  AND contacts.photo_id IS DISTINCT FROM business_cards.photo_id;
