-- Where two people met, as words ("near Lyon, France"), looked up offline from lat/lng when a contact
-- is saved (server/geo/place-words.ts). The lookup needs the towns' data, not SQL, so rows saved
-- before this column existed are filled by the server at start (backfillPlaceWords), not here.
ALTER TABLE contacts ADD COLUMN where_met text;
