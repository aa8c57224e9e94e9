// The contacts cache in IndexedDB (spec §4 Contacts cache, Session token; DESIGN.md §3): what counts
// as valid, how lists and single changes are stored, and that an unchanged list is never rewritten.
// IndexedDB is fake-indexeddb.
import { Dexie, liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { type ListMessage, type ListWorker, listMessages } from '../../src/db/contact-list-parts';
import {
  applyContactChanges,
  CONTACTS_CACHE_SCHEMA_VERSION,
  CONTACTS_CACHE_TTL_MS,
  FIRST_SCREENFUL_SIZE,
  hasStoredContacts,
  mergeContactChange,
  readContactsCache,
  readContactsCacheInSteps,
  readFirstScreenful,
  storeContactList,
  takeContactsCache,
} from '../../src/db/contacts-cache';
import { db } from '../../src/db/tapnet-db';
import { clearSession } from '../../src/session/session';
import { applyContactChange } from '../../src/sync/use-contacts';
import { makeContact, signInWithEmptyContactsCache } from './helpers';

const owner = 'user-1';
const isOwnerCurrent = () => true;
const ada = makeContact('ada', { name: 'Ada Lovelace' });
const grace = makeContact('grace', { name: 'Grace Hopper' });
const alan = makeContact('alan', { name: 'Alan Turing' });

async function store(contacts = [ada, grace], etag: string | null = '"v1"', now = Date.now()) {
  return storeContactList(owner, contacts, etag, { now, isOwnerCurrent });
}

/** Which tables each committed write touched, as Dexie tells its live queries. */
function recordMutatedTables(): { tables: string[][]; stop(): void } {
  const tables: string[][] = [];
  const listener = (parts: Record<string, unknown>) => {
    tables.push([...new Set(Object.keys(parts).map((part) => part.split('/')[3] ?? part))]);
  };
  Dexie.on('storagemutated', listener);
  return { tables, stop: () => Dexie.on.storagemutated.unsubscribe(listener) };
}

beforeEach(async () => {
  await signInWithEmptyContactsCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading the cache', () => {
  it('gives back the stored list newest first with its etag', async () => {
    await store([alan, ada, grace], '"v7"');

    const cache = await readContactsCache(owner);

    expect(cache?.etag).toBe('"v7"');
    expect(cache?.contacts).toEqual([alan, ada, grace]);
  });

  it('treats a member without a cache as having none, and keeps members apart', async () => {
    await store();

    expect(await readContactsCache('user-2')).toBeNull();
  });

  it('keeps an empty list as known: a member with no contacts has a valid cache', async () => {
    await store([]);

    expect((await readContactsCache(owner))?.contacts).toEqual([]);
  });

  it('treats a cache of another schema version as absent', async () => {
    await store();
    await db.contactSets.update(owner, { schemaVersion: CONTACTS_CACHE_SCHEMA_VERSION + 1 });

    expect(await readContactsCache(owner)).toBeNull();
  });

  it('is valid until just before 7 days and absent from 7 days on', async () => {
    const storedAt = Date.parse('2026-11-01T10:00:00Z');
    await store([ada], '"v1"', storedAt);

    expect(await readContactsCache(owner, storedAt + CONTACTS_CACHE_TTL_MS - 1)).not.toBeNull();
    expect(await readContactsCache(owner, storedAt + CONTACTS_CACHE_TTL_MS)).toBeNull();
  });

  it('does not let a stored ttlMs stretch the 7 days', async () => {
    const storedAt = Date.parse('2026-11-01T10:00:00Z');
    await store([ada], '"v1"', storedAt);
    await db.contactSets.update(owner, { ttlMs: CONTACTS_CACHE_TTL_MS * 10 });

    expect(await readContactsCache(owner, storedAt + CONTACTS_CACHE_TTL_MS)).toBeNull();
  });

  it('treats an entry that fails its schema as absent', async () => {
    await store();
    await db.contactSets.put({ ownerUserId: owner, etag: 42, lastUpdated: 'yesterday' } as never);

    expect(await readContactsCache(owner)).toBeNull();
  });

  it('treats the whole list as absent when one contact no longer parses, and drops it on take', async () => {
    await store();
    // The failed check also starts a fetch of the whole list (contacts-revalidation.test.ts): offline here.
    const fetchList = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchList);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stored = await db.contactLists.get(owner);
    await db.contactLists.put({
      ownerUserId: owner,
      contacts: (stored?.contacts ?? []).map((contact) =>
        contact._id === 'ada' ? ({ ...contact, name: 42 } as never) : contact,
      ),
    });

    expect(await readContactsCache(owner)).toBeNull();
    expect(await takeContactsCache(owner)).toBeNull();
    expect(await db.contactLists.get(owner)).toBeUndefined();
    expect(await db.contactSets.get(owner)).toBeUndefined();
    await vi.waitFor(() => expect(fetchList).toHaveBeenCalledOnce());
    vi.unstubAllGlobals();
  });
});

describe('reading the cache in steps', () => {
  const many = Array.from({ length: 1_200 }, (_, index) => makeContact(`contact-${index}`));

  it('pauses between steps of the check and gives the same list as a read in one go', async () => {
    await store(many);
    const pause = vi.fn(() => Promise.resolve());

    const cache = await readContactsCacheInSteps(owner, { pause });

    expect(cache).toEqual(await readContactsCache(owner));
    expect(cache?.contacts).toHaveLength(1_200);
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it('reads the list through the worker given, and here when that worker fails', async () => {
    await store(many);
    // Stands in for contact-list-worker.ts (the DOM here runs no workers): it reads the same record.
    const workerReadingTheStore = (answer: 'list' | 'failure') => () => {
      const worker: ListWorker = {
        onmessage: null,
        onerror: null,
        postMessage({ ownerUserId }) {
          void db.contactLists.get(ownerUserId).then((record) => {
            const messages: ListMessage[] = answer === 'list' ? listMessages(record) : [{ type: 'failed' }];
            for (const data of messages) worker.onmessage?.({ data } as MessageEvent<ListMessage>);
          });
        },
        terminate() {},
      };
      return worker;
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pause = () => Promise.resolve();

    const throughWorker = await readContactsCacheInSteps(owner, {
      pause,
      startWorker: workerReadingTheStore('list'),
    });
    expect(throughWorker).toEqual(await readContactsCache(owner));
    expect(warn).not.toHaveBeenCalled();

    const afterFailure = await readContactsCacheInSteps(owner, {
      pause,
      startWorker: workerReadingTheStore('failure'),
    });
    expect(afterFailure?.contacts).toEqual(many);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('still catches a contact that no longer parses in the last step', async () => {
    await store(many);
    await db.contactLists.put({
      ownerUserId: owner,
      contacts: many.map((contact, index) =>
        index === 1_199 ? ({ ...contact, name: 42 } as never) : contact,
      ),
    });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(await readContactsCacheInSteps(owner, { pause: () => Promise.resolve() })).toBeNull();
    // The failed check starts a fetch of the whole list, offline here.
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Contacts could not be revalidated', expect.anything()),
    );
    vi.unstubAllGlobals();
  });
});

describe('storing a fetched list', () => {
  it('reports a change when there was no cache, and none when the same list comes again', async () => {
    expect(await store()).toBe(true);
    expect(await store([ada, grace], '"v2"')).toBe(false);
    expect((await readContactsCache(owner))?.etag).toBe('"v2"');
  });

  it('does not rewrite a list that did not change, so live queries over it stay quiet', async () => {
    await store();
    const mutations = recordMutatedTables();

    await store([ada, grace], '"v2"');
    mutations.stop();

    expect(mutations.tables).toEqual([['contactSets']]);
  });

  it('stores what differs: a new contact at the front, a changed one, a removed one', async () => {
    await store([ada, grace]);
    const renamedGrace = { ...grace, notes: 'Met at the conference' };

    expect(await store([alan, renamedGrace], '"v2"')).toBe(true);

    expect((await readContactsCache(owner))?.contacts).toEqual([alan, renamedGrace]);
  });

  it('keeps the list as one record, so the contacts screen reads it in one go', async () => {
    await store([alan, ada, grace]);

    expect(await db.contactLists.get(owner)).toEqual({ ownerUserId: owner, contacts: [alan, ada, grace] });
  });

  it('tells live queries when the data did change', async () => {
    await store([ada]);
    const seen: string[][] = [];
    const subscription = liveQuery(() => readContactsCache(owner)).subscribe((cache) =>
      seen.push(cache?.contacts.map((contact) => contact._id) ?? []),
    );
    await vi.waitFor(() => expect(seen).toEqual([['ada']]));

    await store([grace, ada], '"v2"');

    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['grace', 'ada']));
    subscription.unsubscribe();
  });

  it('stores nothing for a member who is no longer signed in', async () => {
    const isChanged = await storeContactList(owner, [ada], '"v1"', { isOwnerCurrent: () => false });

    expect(isChanged).toBe(false);
    expect(await db.contactSets.count()).toBe(0);
  });
});

describe('merging a confirmed change', () => {
  it('replaces the fields of the contact with the same _id and keeps its place', async () => {
    await store([ada, grace]);
    const flaggedGrace = { ...grace, isFlagged: true };

    expect(
      await mergeContactChange(owner, { type: 'upsert', contact: flaggedGrace }, { isOwnerCurrent }),
    ).toBe(true);

    expect((await readContactsCache(owner))?.contacts).toEqual([ada, flaggedGrace]);
  });

  it('changes only the patched fields (a flag, a card sent), keeping what was saved since, and adds no unknown contact', async () => {
    const noted = { ...grace, notes: 'Saved from another tab' };
    await store([ada, noted]);

    const flag = { type: 'patch', contactId: 'grace', fields: { isFlagged: true } } as const;
    expect(await mergeContactChange(owner, flag, { isOwnerCurrent })).toBe(true);
    expect(await mergeContactChange(owner, flag, { isOwnerCurrent })).toBe(false);
    expect(await mergeContactChange(owner, { ...flag, contactId: 'alan' }, { isOwnerCurrent })).toBe(false);
    const sent = { type: 'patch', contactId: 'grace', fields: { contactDetailsSent: true } } as const;
    expect(await mergeContactChange(owner, sent, { isOwnerCurrent })).toBe(true);

    expect((await readContactsCache(owner))?.contacts).toEqual([
      ada,
      { ...noted, isFlagged: true, contactDetailsSent: true },
    ]);
  });

  it('puts a new contact at the front', async () => {
    await store([ada, grace]);

    await mergeContactChange(owner, { type: 'upsert', contact: alan }, { isOwnerCurrent });

    expect((await readContactsCache(owner))?.contacts).toEqual([alan, ada, grace]);
  });

  it('keeps the order a later fetch of the same list gives, without rewriting anything', async () => {
    await store([ada, grace]);
    await mergeContactChange(owner, { type: 'upsert', contact: alan }, { isOwnerCurrent });
    const mutations = recordMutatedTables();

    await store([alan, ada, grace], '"v2"');
    mutations.stop();

    expect(mutations.tables).toEqual([['contactSets']]);
  });

  it("moves to the write's new tag when the cache was at its previous one, and only then", async () => {
    await store([ada, grace], '"v1"');
    const upToDate = { previous: '"v1"', current: '"v2"' };
    await mergeContactChange(
      owner,
      { type: 'upsert', contact: alan, listTags: upToDate },
      { isOwnerCurrent },
    );
    expect(await readContactsCache(owner)).toMatchObject({ etag: '"v2"', contacts: [alan, ada, grace] });

    // Something else changed the list in between (v3): the next revalidation must bring it.
    const behind = { previous: '"v3"', current: '"v4"' };
    await mergeContactChange(
      owner,
      { type: 'remove', contactId: 'ada', listTags: behind },
      { isOwnerCurrent },
    );
    expect(await readContactsCache(owner)).toMatchObject({ etag: '"v2"', contacts: [alan, grace] });
  });

  it('removes a deleted contact', async () => {
    await store([ada, grace]);

    await mergeContactChange(owner, { type: 'remove', contactId: 'ada' }, { isOwnerCurrent });

    expect((await readContactsCache(owner))?.contacts).toEqual([grace]);
  });

  it('does nothing without a cache, or with an expired one', async () => {
    expect(await mergeContactChange(owner, { type: 'upsert', contact: alan }, { isOwnerCurrent })).toBe(
      false,
    );
    expect(await db.contactLists.count()).toBe(0);

    const storedAt = Date.parse('2026-11-01T10:00:00Z');
    await store([ada], '"v1"', storedAt);
    const now = storedAt + CONTACTS_CACHE_TTL_MS;
    expect(await mergeContactChange(owner, { type: 'upsert', contact: alan }, { now, isOwnerCurrent })).toBe(
      false,
    );
    expect((await db.contactLists.get(owner))?.contacts).toEqual([ada]);
  });

  it('writes nothing when the contact is already as confirmed', async () => {
    await store([ada]);
    const mutations = recordMutatedTables();

    expect(await mergeContactChange(owner, { type: 'upsert', contact: ada }, { isOwnerCurrent })).toBe(false);
    mutations.stop();

    expect(mutations.tables).toEqual([]);
  });

  it('applies changes to the signed-in member, logging a failed merge as a warning and going on', async () => {
    await store([ada]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await applyContactChange({ type: 'upsert', contact: grace });
    await applyContactChange({ type: 'upsert', contact: { ...alan, name: 42 } as never });

    expect((await readContactsCache(owner))?.contacts).toEqual([grace, ada]);
    expect(warn).toHaveBeenCalledWith('Contacts cache: merge failed', expect.anything());
  });
});

describe('the first screenful', () => {
  /** `count` contacts met a minute apart, `person-1` the most recent, listed shuffled (`count` not a multiple of 7). */
  function network(count: number): Contact[] {
    const start = Date.parse('2026-11-20T09:00:00Z');
    const people = Array.from({ length: count }, (_, index) =>
      makeContact(`person-${index + 1}`, { connectedAt: new Date(start - index * 60_000).toISOString() }),
    );
    return people.map((_, index) => people[(index * 7) % count] as Contact);
  }

  const idsOf = (contacts: readonly Contact[] | undefined) => contacts?.map((contact) => contact._id);
  const mostRecent = (count: number) => Array.from({ length: count }, (_, index) => `person-${index + 1}`);

  it('is written with every stored list: its most recent contacts first, and how many there are', async () => {
    await store(network(45));

    const first = await readFirstScreenful(owner);

    expect(first?.count).toBe(45);
    expect(idsOf(first?.contacts)).toEqual(mostRecent(FIRST_SCREENFUL_SIZE));
  });

  it('keeps contacts met at the same moment in the order of the list, as the screen sorts them', async () => {
    const sameTime = { connectedAt: '2026-11-20T09:00:00.000Z' };
    await store([makeContact('b', sameTime), makeContact('a', sameTime), makeContact('c', sameTime)]);

    expect(idsOf((await readFirstScreenful(owner))?.contacts)).toEqual(['b', 'a', 'c']);
  });

  it('follows a list stored again, a confirmed change and the change feed', async () => {
    await store(network(40));
    await store(network(36), '"v2"');
    expect((await readFirstScreenful(owner))?.count).toBe(36);

    const newest = makeContact('newest', { connectedAt: '2026-11-21T09:00:00.000Z' });
    await mergeContactChange(owner, { type: 'upsert', contact: newest }, { isOwnerCurrent });
    expect(idsOf((await readFirstScreenful(owner))?.contacts)?.slice(0, 2)).toEqual(['newest', 'person-1']);

    await mergeContactChange(
      owner,
      { type: 'patch', contactId: 'person-1', fields: { isFlagged: true } },
      { isOwnerCurrent },
    );
    expect((await readFirstScreenful(owner))?.contacts[1]?.isFlagged).toBe(true);

    await applyContactChanges(
      owner,
      { contacts: [], deleted: ['newest', 'person-2'], etag: '"v3"' },
      { isOwnerCurrent },
    );
    const first = await readFirstScreenful(owner);
    expect(first?.count).toBe(35);
    expect(idsOf(first?.contacts)).toEqual(
      mostRecent(FIRST_SCREENFUL_SIZE + 1).filter((id) => id !== 'person-2'),
    );
  });

  it('is the whole list when the member has fewer contacts than a screenful, and empty with none', async () => {
    await store([ada, grace]);
    expect(await readFirstScreenful(owner)).toEqual({ contacts: [ada, grace], count: 2 });

    await store([], '"v2"');
    expect(await readFirstScreenful(owner)).toEqual({ contacts: [], count: 0 });
  });

  it('counts as absent with the cache: expired, another schema version, a bad contact, or written before it existed', async () => {
    const storedAt = Date.parse('2026-11-01T10:00:00Z');
    await store([ada], '"v1"', storedAt);
    expect(await readFirstScreenful(owner, storedAt + CONTACTS_CACHE_TTL_MS)).toBeNull();

    await store([ada]);
    await db.contactSets.update(owner, { schemaVersion: CONTACTS_CACHE_SCHEMA_VERSION + 1 });
    expect(await readFirstScreenful(owner)).toBeNull();

    await store([ada], '"v2"');
    await db.contactSets.update(owner, { firstScreenful: [{ ...ada, isFlagged: 'yes' }] });
    expect(await readFirstScreenful(owner)).toBeNull();

    await db.contactSets.update(owner, { firstScreenful: undefined, count: undefined });
    expect(await readFirstScreenful(owner)).toBeNull();
    expect((await readContactsCache(owner))?.contacts).toEqual([ada]);
  });

  it('tells whether the browser holds contacts from its count, and from the list for an entry without one', async () => {
    expect(await hasStoredContacts(owner)).toBe(false);
    await store([]);
    expect(await hasStoredContacts(owner)).toBe(false);
    await store([ada], '"v2"');
    const listRead = vi.spyOn(db.contactLists, 'get');
    expect(await hasStoredContacts(owner)).toBe(true);
    expect(listRead).not.toHaveBeenCalled();

    await db.contactSets.update(owner, { firstScreenful: undefined, count: undefined });
    expect(await hasStoredContacts(owner)).toBe(true);
  });

  it('is read without the whole list', async () => {
    await store(network(40));
    const listRead = vi.spyOn(db.contactLists, 'get');

    await readFirstScreenful(owner);

    expect(listRead).not.toHaveBeenCalled();
  });
});

describe('clearing the session', () => {
  it('removes every cached contact list and its entry', async () => {
    await store([ada, grace]);
    await storeContactList('user-2', [alan], null, { isOwnerCurrent });

    clearSession();

    await vi.waitFor(async () => {
      expect(await db.contactLists.count()).toBe(0);
      expect(await db.contactSets.count()).toBe(0);
    });
  });
});
