// The contacts cache (spec §4 Contacts cache): a member's contacts and the entry saying how fresh they
// are, read back validated and written only when they changed.
import { type Contact, type ContactListTags, ContactSchema } from '../../contract/contacts';
import { type ListWorker, receiveList } from './contact-list-parts';
import { rowGuard } from './row-guard';
import { type ContactSet, ContactSetSchema, db } from './tapnet-db';

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
 * What the contacts screen paints before it reads the whole list: the list's first rows in the screen's
 * default order, and how many contacts the list has (docs/budgets.md).
 */
export interface ContactsFirstScreenful {
  contacts: Contact[];
  count: number;
}

/** Rows kept for the first paint: more than the tallest screen shows, with the list's rows drawn beyond it. */
export const FIRST_SCREENFUL_SIZE = 30;

/** The fields a write changes on its own (a flag, a card sent, an event), without the rest of the contact. */
export type ContactPatch = Partial<Pick<Contact, 'isFlagged' | 'contactDetailsSent' | 'event'>>;

/**
 * A change the server confirmed. `listTags` are the list's tags from just before and after the write:
 * a cache at the first is, with the change merged, the list at the second. A flag answer or a card sent
 * changes only its own field, so only that field is merged (`patch`): a whole contact from the page could
 * be older than the cached one (its notes saved since) and would bring old fields back.
 */
export type ContactChange = (
  | { type: 'upsert'; contact: Contact }
  | { type: 'patch'; contactId: string; fields: ContactPatch }
  | { type: 'remove'; contactId: string }
) & {
  listTags?: ContactListTags | null;
};

/** A write for a member who is no longer signed in in this browser would bring their data back. */
export type IsOwnerCurrent = () => boolean;

const CONTACT_FIELDS = Object.keys(ContactSchema.shape) as (keyof Contact)[];

/** The screen reads every contact on each paint: the schema's fast check, not its full parser (docs/budgets.md). */
const isContact = rowGuard<Contact>(ContactSchema);

/** Told which member's stored list failed its check, so that the sync layer can drop it and fetch it whole. */
type FailedCheckListener = (userId: string) => void;
let onFailedCheck: FailedCheckListener = () => {};

/**
 * Registers who recovers a stored list that fails its check. Every reader of the whole list checks it, so
 * a bad contact is caught where the list is read anyway, not by a revalidation that would read it only for
 * its etag (docs/budgets.md).
 */
export function whenContactListFailsCheck(listener: FailedCheckListener): void {
  onFailedCheck = listener;
}

function isFresh(set: ContactSet, now: number): boolean {
  const age = now - set.lastUpdated;
  return (
    set.schemaVersion === CONTACTS_CACHE_SCHEMA_VERSION &&
    age >= 0 &&
    age < Math.min(set.ttlMs, CONTACTS_CACHE_TTL_MS)
  );
}

/** Every field is a primitive, so a field-by-field comparison is exact whatever the key order. */
function isSameContact(stored: Contact | undefined, next: Contact): boolean {
  return stored !== undefined && CONTACT_FIELDS.every((field) => Object.is(stored[field], next[field]));
}

function isSameList(stored: readonly Contact[], next: readonly Contact[]): boolean {
  return (
    stored.length === next.length && next.every((contact, index) => isSameContact(stored[index], contact))
  );
}

async function readValidSet(userId: string, now: number): Promise<ContactSet | null> {
  const parsed = ContactSetSchema.safeParse(await db.contactSets.get(userId));
  return parsed.success && isFresh(parsed.data, now) ? parsed.data : null;
}

/**
 * Whether the member has a fresh cache entry, without reading its contacts: enough to decide whether
 * to fetch at start, where reading and checking thousands of contacts would delay the first paint. A bad
 * contact is caught by the next reader of the whole list (`whenContactListFailsCheck`).
 */
export async function hasFreshContactSet(userId: string, now = Date.now()): Promise<boolean> {
  return (await readValidSet(userId, now)) !== null;
}

/**
 * The first screenful of the member's cache, or null when the cache is absent, expired, of another
 * schema version, written before first screenfuls were kept, or has a first-screenful contact that no
 * longer parses. It reads the small entry only, never the whole list, and can run inside a live query.
 */
export async function readFirstScreenful(
  userId: string,
  now = Date.now(),
): Promise<ContactsFirstScreenful | null> {
  const set = await readValidSet(userId, now);
  const contacts: unknown = set?.firstScreenful;
  if (set?.count === undefined || !Array.isArray(contacts) || !contacts.every(isContact)) return null;
  return { contacts, count: set.count };
}

/**
 * Whether this browser holds contacts of the member, from the cache entry's count: the whole list is read
 * only for an entry stored before counts were kept.
 */
export async function hasStoredContacts(userId: string): Promise<boolean> {
  const count = (await db.contactSets.get(userId))?.count;
  if (count !== undefined) return count > 0;
  return ((await db.contactLists.get(userId))?.contacts.length ?? 0) > 0;
}

/**
 * The member's cache, or null when it is absent, expired, of another schema version, or has a contact
 * that no longer parses (one bad contact makes the whole list, and so its etag, untrustworthy). It only reads,
 * so it can run inside a live query.
 */
export async function readContactsCache(userId: string, now = Date.now()): Promise<ContactsCache | null> {
  const valid = await readValidList(userId, now);
  return valid && { ...valid.set, contacts: valid.list };
}

/** Contacts checked between two pauses of `readContactsCacheInSteps`: a few milliseconds on a slow phone. */
const CHECK_STEP = 500;

/** How `readContactsCacheInSteps` lets the browser handle input while it reads the whole list. */
export interface ReadSteps {
  /** Awaited between two steps of the check. */
  pause: () => Promise<void>;
  /** A worker that reads the list and hands it over in parts (contact-list-worker.ts); null where none runs. */
  startWorker?: () => ListWorker | null;
}

/**
 * Like `readContactsCache`, but the list is read in a worker and handed over in parts, and the contacts
 * are checked `CHECK_STEP` at a time with `pause` awaited between steps, so a key typed meanwhile is
 * answered within a step instead of after the whole list (docs/budgets.md). Not for a transaction:
 * awaiting anything but IndexedDB ends it.
 */
export async function readContactsCacheInSteps(
  userId: string,
  steps: ReadSteps,
  now = Date.now(),
): Promise<ContactsCache | null> {
  const valid = await readValidList(userId, now, steps);
  return valid && { ...valid.set, contacts: valid.list };
}

async function isEveryContact(list: unknown[], pause?: () => Promise<void>): Promise<boolean> {
  if (!pause) return list.every(isContact);
  for (let start = 0; start < list.length; start += CHECK_STEP) {
    if (start > 0) await pause();
    if (!list.slice(start, start + CHECK_STEP).every(isContact)) return false;
  }
  return true;
}

async function readStoredList(userId: string): Promise<unknown> {
  return (await db.contactLists.get(userId))?.contacts;
}

/**
 * The stored list read in a worker, which hands it over in parts (contact-list-parts.ts), or here if the
 * worker cannot run. Inside a live query, the count registers the list as read, which the worker's read
 * does not: a change to it still runs the query again.
 */
async function readStoredListInParts(userId: string, startWorker: () => ListWorker | null): Promise<unknown> {
  const worker = startWorker();
  if (!worker) return readStoredList(userId);
  const request = { databaseName: db.name, ownerUserId: userId };
  const [, list] = await Promise.all([
    db.contactLists.where('ownerUserId').equals(userId).count(),
    receiveList(worker, request).catch((error: unknown) => {
      console.warn('Contacts cache: reading in a worker failed, read here instead', error);
      return readStoredList(userId);
    }),
  ]);
  return list;
}

async function readValidList(
  userId: string,
  now: number,
  steps?: ReadSteps,
): Promise<{ set: Pick<ContactSet, 'etag' | 'lastUpdated'>; list: Contact[] } | null> {
  const [set, list] = await Promise.all([
    readValidSet(userId, now),
    steps?.startWorker ? readStoredListInParts(userId, steps.startWorker) : readStoredList(userId),
  ]);
  if (!set) return null;
  if (!Array.isArray(list) || !(await isEveryContact(list, steps?.pause))) {
    onFailedCheck(userId);
    return null;
  }
  return { set: { etag: set.etag, lastUpdated: set.lastUpdated }, list };
}

/** Like `readContactsCache`, and what it rejects is deleted, so the next write starts from a clean list. */
export async function takeContactsCache(userId: string, now = Date.now()): Promise<ContactsCache | null> {
  return db.transaction('rw', db.contactLists, db.contactSets, async () => {
    const cache = await readContactsCache(userId, now);
    if (!cache) await dropCache(userId);
    return cache;
  });
}

/** Inside a transaction over both tables. */
async function dropCache(userId: string): Promise<void> {
  await db.contactLists.delete(userId);
  await db.contactSets.delete(userId);
}

/**
 * The etag to revalidate the member's list with, read from the small entry only; null without a fresh
 * entry, which is then dropped with its list, so the next write starts from a clean list.
 */
export async function takeContactsEtag(userId: string, now = Date.now()): Promise<string | null> {
  return db.transaction('rw', db.contactLists, db.contactSets, async () => {
    const set = await readValidSet(userId, now);
    if (!set) await dropCache(userId);
    return set?.etag ?? null;
  });
}

/** Every member's cache: clearing the session leaves none behind (spec §4 Session token). */
export async function clearContactsCaches(): Promise<void> {
  await db.transaction('rw', db.contactLists, db.contactSets, async () => {
    await db.contactLists.clear();
    await db.contactSets.clear();
  });
}

/**
 * Stores the list the server sent (newest first) with its etag. The list is rewritten only when it
 * differs, so live queries over it hear of a refresh only when it changed something. Returns whether
 * the member's contacts differ from what the cache held (no valid cache counts as different).
 */
export async function storeContactList(
  userId: string,
  contacts: Contact[],
  etag: string | null,
  { now = Date.now(), isOwnerCurrent }: { now?: number; isOwnerCurrent: IsOwnerCurrent },
): Promise<boolean> {
  const next = contacts.map((contact) => ContactSchema.parse(contact));
  return db.transaction('rw', db.contactLists, db.contactSets, async () => {
    if (!isOwnerCurrent()) return false;
    const stored = await readValidList(userId, now);
    const isChanged = !stored || !isSameList(stored.list, next);
    if (isChanged) await db.contactLists.put({ ownerUserId: userId, contacts: next });
    await db.contactSets.put({
      ownerUserId: userId,
      etag,
      lastUpdated: now,
      ttlMs: CONTACTS_CACHE_TTL_MS,
      schemaVersion: CONTACTS_CACHE_SCHEMA_VERSION,
      ...firstScreenfulOf(next),
    });
    return isChanged;
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
  // A contact that does not parse is refused before anything is read or written.
  const confirmed: ContactChange =
    change.type === 'upsert' ? { ...change, contact: ContactSchema.parse(change.contact) } : change;
  return db.transaction('rw', db.contactLists, db.contactSets, async () => {
    const stored = isOwnerCurrent() ? await readValidList(userId, now) : null;
    if (!stored) return false;
    if (confirmed.listTags && stored.set.etag === confirmed.listTags.previous) {
      await db.contactSets.update(userId, { etag: confirmed.listTags.current });
    }
    const list =
      confirmed.type === 'remove'
        ? withoutContact(stored.list, confirmed.contactId)
        : confirmed.type === 'patch'
          ? withPatch(stored.list, confirmed.contactId, confirmed.fields)
          : withContact(stored.list, confirmed.contact);
    if (list === stored.list) return false;
    await putList(userId, list);
    return true;
  });
}

/**
 * Applies what the change feed answered since the cache's etag: changed contacts put in place (new ones
 * where their date puts them), deleted ones dropped, and the feed's cursor stored as the etag. Without a
 * valid cache nothing is applied: the next revalidation fetches the whole list. Returns whether the
 * contacts changed.
 */
export async function applyContactChanges(
  userId: string,
  changes: { contacts: Contact[]; deleted: string[]; etag: string },
  { now = Date.now(), isOwnerCurrent }: { now?: number; isOwnerCurrent: IsOwnerCurrent },
): Promise<boolean> {
  const changed = changes.contacts.map((contact) => ContactSchema.parse(contact));
  return db.transaction('rw', db.contactLists, db.contactSets, async () => {
    const stored = isOwnerCurrent() ? await readValidList(userId, now) : null;
    if (!stored) return false;
    const deleted = new Set(changes.deleted);
    const byId = new Map(changed.map((contact) => [contact._id, contact]));
    const kept = stored.list
      .filter((contact) => !deleted.has(contact._id))
      .map((contact) => byId.get(contact._id) ?? contact);
    const known = new Set(stored.list.map((contact) => contact._id));
    const added = changed.filter((contact) => !known.has(contact._id) && !deleted.has(contact._id));
    const list = added.length === 0 ? kept : newestFirst([...added, ...kept]);
    const isChanged = !isSameList(stored.list, list);
    if (isChanged) await putList(userId, list);
    await db.contactSets.update(userId, { etag: changes.etag, lastUpdated: now });
    return isChanged;
  });
}

/** Rewrites a member's list, and its first screenful with it; their cache entry must exist. */
async function putList(userId: string, list: Contact[]): Promise<void> {
  await db.contactLists.put({ ownerUserId: userId, contacts: list });
  await db.contactSets.update(userId, firstScreenfulOf(list));
}

function firstScreenfulOf(list: readonly Contact[]): Required<Pick<ContactSet, 'firstScreenful' | 'count'>> {
  return { firstScreenful: mostRecentFirst(list).slice(0, FIRST_SCREENFUL_SIZE), count: list.length };
}

/**
 * Most recent first, the contacts screen's default order (contacts met at the same moment keep their
 * order). Each date is read once instead of in every comparison: with 5,000 contacts the comparator runs
 * some 60,000 times, and parsing there took a visible part of the screen's first paint (docs/budgets.md).
 */
export function mostRecentFirst(contacts: readonly Contact[]): Contact[] {
  // The stored list is newest first already (the server's order): one pass says so, with no sort's garbage.
  if (isMostRecentFirst(contacts)) return contacts.slice();
  return contacts
    .map((contact) => ({ contact, time: Date.parse(contact.connectedAt) }))
    .sort((a, b) => b.time - a.time)
    .map(({ contact }) => contact);
}

function isMostRecentFirst(contacts: readonly Contact[]): boolean {
  let previous = Number.POSITIVE_INFINITY;
  for (const contact of contacts) {
    const time = Date.parse(contact.connectedAt);
    // An unreadable date (NaN) is left to the sort, which decides where it goes.
    if (!(time <= previous)) return false;
    previous = time;
  }
  return true;
}

/** The server's order: newest first, then by id. */
function newestFirst(list: Contact[]): Contact[] {
  return list.toSorted(
    (a, b) => b.connectedAt.localeCompare(a.connectedAt) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

/** The list without the contact with this _id; the same list if it has none. */
function withoutContact(list: Contact[], contactId: string): Contact[] {
  return list.some((contact) => contact._id === contactId)
    ? list.filter((contact) => contact._id !== contactId)
    : list;
}

/** The list with `fields` changed on the contact with `contactId`; the same list if unknown or unchanged. */
function withPatch(list: Contact[], contactId: string, fields: ContactPatch): Contact[] {
  const index = list.findIndex((stored) => stored._id === contactId);
  const contact = list[index];
  if (contact === undefined) return list;
  const isChanged = (Object.keys(fields) as (keyof ContactPatch)[]).some(
    (field) => contact[field] !== fields[field],
  );
  return isChanged ? list.with(index, { ...contact, ...fields }) : list;
}

/** The list with `contact` in place of the one with its _id, or at the front; the same list if unchanged. */
function withContact(list: Contact[], contact: Contact): Contact[] {
  const index = list.findIndex((stored) => stored._id === contact._id);
  if (index === -1) return [contact, ...list];
  if (isSameContact(list[index], contact)) return list;
  return list.with(index, contact);
}
