-- The list JSON of migration 028 (restated by 032, 033 and 034) is no longer read: GET /api/contact
-- serialises the list from toContact (server/modules/contacts/queries.ts), the shape every other contact
-- call answers, once per list version, and each server process remembers it until the list's change
-- notice (server/modules/contacts/list-memory.ts, issue 25). The list's shape is then defined in one
-- place, and a contact's write no longer builds JSON in the database. Nothing a list answers changes,
-- so no list version (and no member's cached tag) moves.
DROP TRIGGER contacts_list_json ON contacts;
DROP FUNCTION contact_list_json();
ALTER TABLE contacts DROP COLUMN list_json;
