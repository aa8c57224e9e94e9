-- A copy of each member's whole contact list as GET /api/contact last built it whole, so that a process
-- that remembers nothing (after a start) brings the copy up to date by splicing in what changed since,
-- instead of having the database build all of the list's JSON again (issue 24: ≤ 50 ms of server CPU;
-- server/modules/contacts/list-snapshots.ts). `shape` names the SQL that built it: a copy built by
-- another release's list is never read. Written after the answer, never inside a contact's write; it
-- goes with the member.
CREATE TABLE contact_list_snapshots (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  shape text NOT NULL,
  -- The contacts' JSON a line each, in list order, and their "id order" index, as the list's read has them.
  json text NOT NULL,
  index text NOT NULL
);
