// SQL of a member's saved contacts.
import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { PublicCard, Tap } from '../../../contract/card';
import { CardPhotoPaths } from '../../../contract/card-extras';
import type { Contact } from '../../../contract/contacts';
import type { ContactsTable, Database } from '../../platform/db/schema';
import { cardPhotoUrls, toBusinessCardColumns } from '../cards';

type Db = Kysely<Database> | Transaction<Database>;

export function toContact(row: Selectable<ContactsTable>): Contact {
  return {
    _id: row.id,
    name: row.name,
    company: row.company,
    role: row.role,
    email: row.email,
    phone: row.phone,
    linkedinURL: row.linkedin_url,
    additionalURL: row.additional_url,
    pronouns: row.pronouns,
    notes: row.notes,
    lat: row.lat,
    lng: row.lng,
    whereMet: row.where_met,
    event: row.event,
    isFlagged: row.is_flagged,
    connectedAt: row.connected_at.toISOString(),
    contactDetailsSent: row.contact_details_sent,
    inviteSentByEmail: row.invite_sent_by_email,
    fromInvitation: row.from_invitation,
    nfcUID: row.nfc_uid,
    sharedWithYou:
      row.shared_at && row.shared_source
        ? { at: row.shared_at.toISOString(), source: row.shared_source }
        : null,
    metInPerson: row.met_in_person,
    tapCounter: row.tap_counter,
    addedByHand: row.added_by_hand,
    links: row.links,
    ...cardPhotoUrls(row.photo_id),
  };
}

/** Inserts the card as a contact of `ownerId`; returns nothing when that person is already saved. */
export function insertContactFromCard(
  db: Db,
  ownerId: string,
  card: Omit<PublicCard, 'nfcUID'> & { nfcUID: string | null },
  place: { lat: number | null; lng: number | null; whereMet?: string | null },
  options: { fromInvitation?: boolean; savedOffline?: boolean; event?: string | null; tap?: Tap } = {},
) {
  return db
    .insertInto('contacts')
    .values({
      owner_id: ownerId,
      card_owner_id: card.userId,
      nfc_uid: card.nfcUID,
      ...toBusinessCardColumns(card),
      links: JSON.stringify(card.links),
      // The card's current photo by its id (migration 042: its contacts follow it when it changes).
      photo_id: (eb) => eb.selectFrom('business_cards').select('photo_id').where('user_id', '=', card.userId),
      lat: place.lat,
      lng: place.lng,
      where_met: place.whereMet ?? null,
      from_invitation: options.fromInvitation ?? false,
      saved_offline: options.savedOffline ?? false,
      event: options.event ?? null,
      met_in_person: options.tap?.verified ?? false,
      tap_counter: options.tap?.verified ? options.tap.counter : null,
    })
    .onConflict((conflict) => conflict.columns(['owner_id', 'card_owner_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Newest first: the order in which people were met. */
export async function listContacts(db: Db, ownerId: string) {
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('connected_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toContact);
}

/** A timestamp as `Date.prototype.toISOString` writes it (milliseconds, UTC). */
const isoTimestamp = (column: string) =>
  sql`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A card photo's path (cardPhotoUrls) around the contact's photo id; '' when it has none. */
function photoPath(path: string) {
  const [before, after = ''] = path.split(':photoId');
  return sql`coalesce(${before} || photo_id || ${after}, '')`;
}

/**
 * A contact as GET /api/contact lists it (toContact's fields), as JSON built by the database: decoding
 * 5,000 rows into objects cost PGlite about 200 ms of CPU, their JSON as text about 30 ms (issue 24: a
 * whole list ≤ 50 ms). tests/server/contact-list-memory.test.ts holds every field equal to toContact's,
 * so a field added there and not here fails.
 */
const contactJson = sql<string>`json_build_object(
  '_id', id, 'name', name, 'company', company, 'role', role, 'email', email, 'phone', phone,
  'linkedinURL', linkedin_url, 'additionalURL', additional_url, 'pronouns', pronouns, 'notes', notes,
  'lat', lat, 'lng', lng, 'whereMet', where_met, 'event', event, 'isFlagged', is_flagged,
  'connectedAt', ${isoTimestamp('connected_at')},
  'contactDetailsSent', contact_details_sent, 'inviteSentByEmail', invite_sent_by_email,
  'fromInvitation', from_invitation, 'nfcUID', nfc_uid,
  'sharedWithYou', CASE WHEN shared_at IS NOT NULL AND shared_source IS NOT NULL
    THEN json_build_object('at', ${isoTimestamp('shared_at')}, 'source', shared_source) END,
  'metInPerson', met_in_person, 'tapCounter', tap_counter, 'addedByHand', added_by_hand,
  'links', links,
  'photoURL', ${photoPath(CardPhotoPaths.image)},
  'photoThumbnailURL', ${photoPath(CardPhotoPaths.thumbnail)}
)::text`;

/**
 * The contacts of a member's list written after list version `since` (all of them without it), read in
 * one statement, so in one snapshot, with the list version that snapshot is at. Each comes as its JSON
 * (in listContacts' order: connected_at newest first, then id; one a line, as JSON text holds no newline
 * of its own) and in `index` as "id order": its id and connected_at in microseconds since 1970, the
 * order key. With `since`, also the ids deleted after it, and at most `limit` contacts: `count` says
 * how many there were, up to `limit` + 1.
 */
export interface ContactListPart {
  version: string;
  oldestCursor: string;
  json: string;
  index: string;
  count: number;
  deleted: string[];
}

function contactListQuery(ownerId: string, changed?: { since: string; limit: number }) {
  const onlyChanged = changed ? sql`AND list_version > ${changed.since} LIMIT ${changed.limit + 1}` : sql``;
  const deleted = changed
    ? sql`(SELECT string_agg(contact_id::text, ' ') FROM contact_tombstones
        WHERE owner_id = ${ownerId} AND list_version > ${changed.since})`
    : sql`NULL`;
  return sql<{
    version: string;
    oldest: string;
    json: string | null;
    index: string | null;
    count: string;
    deleted: string | null;
  }>`
    SELECT
      coalesce((SELECT version FROM contact_list_versions WHERE user_id = ${ownerId}), 0)::text AS version,
      coalesce((SELECT oldest_cursor FROM contact_list_versions WHERE user_id = ${ownerId}), 0)::text AS oldest,
      string_agg(json, chr(10) ORDER BY connected_at DESC, id) AS json,
      string_agg(id || ' ' || (extract(epoch FROM connected_at) * 1000000)::bigint, ' '
        ORDER BY connected_at DESC, id) AS index,
      count(*)::text AS count,
      ${deleted} AS deleted
    FROM (
      SELECT id, connected_at, ${contactJson} AS json FROM contacts WHERE owner_id = ${ownerId} ${onlyChanged}
    ) AS listed
  `;
}

export async function readContactListPart(
  db: Db,
  ownerId: string,
  changed?: { since: string; limit: number },
): Promise<ContactListPart> {
  const { rows } = await contactListQuery(ownerId, changed).execute(db);
  const row = rows[0];
  return {
    version: row?.version ?? '0',
    oldestCursor: row?.oldest ?? '0',
    json: row?.json ?? '',
    index: row?.index ?? '',
    count: Number(row?.count ?? 0),
    deleted: row?.deleted ? row.deleted.split(' ') : [],
  };
}

/**
 * What names the list's shape: a hash of the SQL that reads it whole (each contact's JSON and the index),
 * so a list stored by a release that built it otherwise is not taken for this one's.
 */
export function contactListShape(db: Db): string {
  let shape = listShapes.get(db);
  if (shape === undefined) {
    const { sql: text, parameters } = contactListQuery('00000000-0000-0000-0000-000000000000').compile(db);
    shape = createHash('sha256')
      .update(JSON.stringify([text, parameters]))
      .digest('base64url');
    listShapes.set(db, shape);
  }
  return shape;
}

/** The shape per connection: it changes only with the code, so it is compiled and hashed once. */
const listShapes = new WeakMap<Db, string>();

/** Text, because the engines return bigint differently (pg: string, PGlite: number or bigint). */
export async function findContactListVersion(db: Db, ownerId: string): Promise<string> {
  const row = await db
    .selectFrom('contact_list_versions')
    .select(sql<string>`version::text`.as('version'))
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return row?.version ?? '0';
}

/**
 * The member's list version, locked until the transaction ends (a member without a row gets one at 0,
 * the version an absent row stands for), so that concurrent writes to one list run one after another.
 */
export async function lockContactListVersion(trx: Transaction<Database>, ownerId: string): Promise<string> {
  await trx
    .insertInto('contact_list_versions')
    .values({ user_id: ownerId, version: 0 })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('contact_list_versions')
    .select(sql<string>`version::text`.as('version'))
    .where('user_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function updateContactNotes(db: Db, ownerId: string, contactId: string, notes: string) {
  const row = await db
    .updateTable('contacts')
    .set({ notes })
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
  return row && toContact(row);
}

export async function setContactEvent(db: Db, ownerId: string, contactId: string, event: string | null) {
  const row = await db
    .updateTable('contacts')
    .set({ event })
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
  return row && toContact(row);
}

export async function findCurrentEvent(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('member_current_events')
    .select('event')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.event ?? null;
}

/** Sets the member's current event, or clears it with null. */
export async function saveCurrentEvent(db: Db, userId: string, event: string | null): Promise<void> {
  if (event === null) {
    await db.deleteFrom('member_current_events').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('member_current_events')
    .values({ user_id: userId, event })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ event, set_at: new Date() }))
    .execute();
}

/** The notes with when they last changed there (null: not since migration 021), for a conflict's answer. */
export async function findNotesForUpdate(db: Db, ownerId: string, contactId: string) {
  const row = await db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
  return row && { contact: toContact(row), changedAt: row.notes_changed_at?.toISOString() ?? null };
}

export async function setContactFlag(db: Db, ownerId: string, contactId: string, isFlagged: boolean) {
  const row = await db
    .updateTable('contacts')
    .set({ is_flagged: isFlagged })
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .returning('is_flagged')
    .executeTakeFirst();
  return row && { isFlagged: row.is_flagged };
}

/**
 * A contact with the list version at which it last changed (a CardDAV resource's ETag comes from it),
 * and its photo's id, by which an address book reads the photo's bytes.
 */
export interface VersionedContact {
  contact: Contact;
  version: string;
  photoId: string | null;
}

/**
 * The member's contacts, newest first, with their versions: all of them, those changed after list
 * version `since`, or those of `ids` (ids that are not UUIDs match nothing).
 */
export async function listVersionedContacts(
  db: Db,
  ownerId: string,
  options: { since?: string; ids?: readonly string[] } = {},
): Promise<VersionedContact[]> {
  const { since, ids } = options;
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId);
  if (since !== undefined) query = query.where('list_version', '>', since);
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.orderBy('connected_at', 'desc').orderBy('id').execute();
  return rows.map((row) => ({
    contact: toContact(row),
    version: String(row.list_version),
    photoId: row.photo_id,
  }));
}

/** The ids of the member's contacts deleted after list version `since`. */
export async function listDeletedContactIdsSince(db: Db, ownerId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('contact_tombstones')
    .select('contact_id')
    .where('owner_id', '=', ownerId)
    .where('list_version', '>', since)
    .execute();
  return rows.map((row) => row.contact_id);
}

/**
 * What changed after list version `since`: the contacts written later (newest first) and the ids of
 * those deleted later. Read after the version the answer names, so nothing up to it is missed; a write
 * landing in between is sent again next time, which merging takes in its stride.
 */
export async function listContactChangesSince(db: Db, ownerId: string, since: string) {
  const [changed, deleted] = await Promise.all([
    listVersionedContacts(db, ownerId, { since }),
    listDeletedContactIdsSince(db, ownerId, since),
  ]);
  return { contacts: changed.map(({ contact }) => contact), deleted };
}

/** The oldest cursor the feed still answers with changes; tombstones before it were pruned. */
export async function findOldestCursor(db: Db, ownerId: string): Promise<string> {
  const row = await db
    .selectFrom('contact_list_versions')
    .select(sql<string>`oldest_cursor::text`.as('oldest'))
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return row?.oldest ?? '0';
}

export async function toggleContactFlag(db: Db, ownerId: string, contactId: string) {
  const row = await db
    .updateTable('contacts')
    .set((eb) => ({ is_flagged: eb.not('is_flagged') }))
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .returning('is_flagged')
    .executeTakeFirst();
  return row && { isFlagged: row.is_flagged };
}

/** The contact as it was, or undefined when the member has no such contact. */
export async function deleteContact(
  db: Db,
  ownerId: string,
  contactId: string,
): Promise<Contact | undefined> {
  const row = await db
    .deleteFrom('contacts')
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirst();
  return row && toContact(row);
}

export async function findContact(db: Db, ownerId: string, contactId: string) {
  const row = await db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row && toContact(row);
}

export function markCardSent(db: Db, contactId: string, options: { inviteSentByEmail: boolean }) {
  return db
    .updateTable('contacts')
    .set({
      contact_details_sent: true,
      ...(options.inviteSentByEmail ? { invite_sent_by_email: true } : {}),
    })
    .where('id', '=', contactId)
    .execute();
}

/** Addresses are stored lower-case for members; a contact's comes from a card and may not be. */
export async function findMemberIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('role', '=', 'user')
    .executeTakeFirst();
  return row?.id;
}
