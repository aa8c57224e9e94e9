// The contacts cache (spec §4 Contacts cache): a member's contacts and the entry saying how fresh they
// are, read back validated and written so that a contact that did not change is never rewritten.
import type { Contact, ContactListTags } from '../../contract/contacts';
import { rowGuard } from './row-guard';
import { type CachedContact, CachedContactSchema, type ContactSet, ContactSetSchema, db } from './tapnet-db';

/** Spec §9: a cache this old counts as absent. */
export const CONTACTS_CACHE_TTL_MS = 604_800_000;
/** Spec §9: an entry written under another schema version counts as absent. */
export const CONTACTS_CACHE_SCHEMA_VERSION = 1;

export interface ContactsCache {
  etag: string | null;
  lastUpdated: number;
  /** Newest first. */
  contacts: Contact[];
}

/**
 * A change the server confirmed. `listTags` are the list's tags from just before and after the write:
 * a cache at the first is, with the change merged, the list at the second.
 */
export type ContactChange = ({ type: 'upsert'; contact: Contact } | { type: 'remove'; contactId: string }) & {
  listTags?: ContactListTags | null;
};

/** A write for a member who is no longer signed in in this browser would bring their data back. */
export type IsOwnerCurrent = () => boolean;

const CACHED_CONTACT_FIELDS = Object.keys(CachedContactSchema.shape) as (keyof CachedContact)[];

/** The screen reads every row on each paint: the schema's fast check, not its full parser (README Budgets). */
const isCachedContact = rowGuard<CachedContact>(CachedContactSchema);

function isFresh(set: ContactSet, now: number): boolean {
  const age = now - set.lastUpdated;
  return (
    set.schemaVersion === CONTACTS_CACHE_SCHEMA_VERSION &&
    age >= 0 &&
    age < Math.min(set.ttlMs, CONTACTS_CACHE_TTL_MS)
  );
}

function toContact({ ownerUserId: _owner, rank: _rank, ...contact }: CachedContact): Contact {
  return contact;
}

/** Every field is a primitive, so a field-by-field comparison is exact whatever the key order. */
function isSameRow(stored: unknown, next: CachedContact): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const row = stored as Record<string, unknown>;
  return CACHED_CONTACT_FIELDS.every((field) => Object.is(row[field], next[field]));
}

async function readValidSet(userId: string, now: number): Promise<ContactSet | null> {
  const parsed = ContactSetSchema.safeParse(await db.contactSets.get(userId));
  return parsed.success && isFresh(parsed.data, now) ? parsed.data : null;
}

/**
 * Whether the member has a fresh cache entry, without reading its contacts: enough to decide whether
 * to fetch at start, where reading and checking thousands of rows would delay the first paint. A bad
 * row is still caught by the next revalidation, which reads every row before trusting the etag.
 */
export async function hasFreshContactSet(userId: string, now = Date.now()): Promise<boolean> {
  return (await readValidSet(userId, now)) !== null;
}

/**
 * The member's cache, or null when it is absent, expired, of another schema version, or has a row that
 * no longer parses (one bad row makes the whole list, and so its etag, untrustworthy). It only reads,
 * so it can run inside a live query.
 */
export async function readContactsCache(userId: string, now = Date.now()): Promise<ContactsCache | null> {
  const set = await readValidSet(userId, now);
  if (!set) return null;
  const rows: unknown[] = await db.contacts.where('ownerUserId').equals(userId).toArray();
  if (!rows.every(isCachedContact)) return null;
  rows.sort((a, b) => b.rank - a.rank);
  return { etag: set.etag, lastUpdated: set.lastUpdated, contacts: rows.map(toContact) };
}

/** Like `readContactsCache`, and what it rejects is deleted, so the next write starts from a clean list. */
export async function takeContactsCache(userId: string, now = Date.now()): Promise<ContactsCache | null> {
  return db.transaction('rw', db.contacts, db.contactSets, async () => {
    const cache = await readContactsCache(userId, now);
    if (!cache) {
      await db.contacts.where('ownerUserId').equals(userId).delete();
      await db.contactSets.delete(userId);
    }
    return cache;
  });
}

/** Every member's cache: clearing the session leaves none behind (spec §4 Session token). */
export async function clearContactsCaches(): Promise<void> {
  await db.transaction('rw', db.contacts, db.contactSets, async () => {
    await db.contacts.clear();
    await db.contactSets.clear();
  });
}

/**
 * Stores the list the server sent (newest first) with its etag. Only the rows that differ are written,
 * so live queries over the contacts hear of a refresh only when it changed something. Returns whether
 * the member's contacts differ from what the cache held (no valid cache counts as different).
 */
export async function storeContactList(
  userId: string,
  contacts: Contact[],
  etag: string | null,
  { now = Date.now(), isOwnerCurrent }: { now?: number; isOwnerCurrent: IsOwnerCurrent },
): Promise<boolean> {
  return db.transaction('rw', db.contacts, db.contactSets, async () => {
    if (!isOwnerCurrent()) return false;
    const hadValidCache = (await readContactsCache(userId, now)) !== null;
    const stored = await db.contacts.where('ownerUserId').equals(userId).toArray();
    const storedById = new Map(stored.map((row) => [row._id, row]));
    // Ranks count down from the list's length, so a contact added at the front leaves the others' alone.
    const next = contacts.map((contact, index) =>
      CachedContactSchema.parse({ ...contact, ownerUserId: userId, rank: contacts.length - index }),
    );
    const nextIds = new Set(next.map((row) => row._id));
    const changed = next.filter((row) => !isSameRow(storedById.get(row._id), row));
    const removed = stored
      .filter((row) => !nextIds.has(row._id))
      .map((row): [string, string] => [userId, row._id]);
    if (changed.length > 0) await db.contacts.bulkPut(changed);
    if (removed.length > 0) await db.contacts.bulkDelete(removed);
    await db.contactSets.put({
      ownerUserId: userId,
      etag,
      lastUpdated: now,
      ttlMs: CONTACTS_CACHE_TTL_MS,
      schemaVersion: CONTACTS_CACHE_SCHEMA_VERSION,
    });
    return !hadValidCache || changed.length > 0 || removed.length > 0;
  });
}

/**
 * Merges one change the server confirmed (spec §4 Contacts cache): an upsert replaces the contact with
 * the same _id or puts a new one at the front; without a valid cache nothing happens, since a partial
 * list would pass for the whole one. When the cache was at the write's previous tag it moves to the
 * write's new tag, so the next revalidation is a 304; otherwise its etag stays, and the next
 * revalidation brings the other changes too. Returns whether the contacts changed.
 */
export async function mergeContactChange(
  userId: string,
  change: ContactChange,
  { now = Date.now(), isOwnerCurrent }: { now?: number; isOwnerCurrent: IsOwnerCurrent },
): Promise<boolean> {
  return db.transaction('rw', db.contacts, db.contactSets, async () => {
    const set = isOwnerCurrent() ? await readValidSet(userId, now) : null;
    if (!set) return false;
    if (change.listTags && set.etag === change.listTags.previous) {
      await db.contactSets.update(userId, { etag: change.listTags.current });
    }
    return mergeContact(userId, change);
  });
}

async function mergeContact(userId: string, change: ContactChange): Promise<boolean> {
  if (change.type === 'remove') {
    const key: [string, string] = [userId, change.contactId];
    if (!(await db.contacts.get(key))) return false;
    await db.contacts.delete(key);
    return true;
  }
  const stored = await db.contacts.get([userId, change.contact._id]);
  const rank = stored?.rank ?? (await highestRank(userId)) + 1;
  const row = CachedContactSchema.parse({ ...change.contact, ownerUserId: userId, rank });
  if (isSameRow(stored, row)) return false;
  await db.contacts.put(row);
  return true;
}

async function highestRank(userId: string): Promise<number> {
  let highest = 0;
  await db.contacts
    .where('ownerUserId')
    .equals(userId)
    .each((row) => {
      if (typeof row.rank === 'number' && row.rank > highest) highest = row.rank;
    });
  return highest;
}
