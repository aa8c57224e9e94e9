// Keeping the contacts cache current (spec §4 Contacts cache, §8 Session): revalidation with the etag,
// 304 against 200, the delays and the replacing of a pending request, and the prefetch after sign-in.
// fetch is stubbed: it is the boundary between the client and the server, and these tests are about
// what the client does around it. IndexedDB is fake-indexeddb; timers are vitest's fake ones.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { CONTACTS_CACHE_TTL_MS, readContactsCache, storeContactList } from '../../src/db/contacts-cache';
import { db } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';
import {
  CACHED_LOAD_REVALIDATION_DELAY_MS,
  prefetchContacts,
  REVALIDATION_DELAY_MS,
  revalidateContacts,
  revalidateOnContactsLoad,
  scheduleRevalidation,
} from '../../src/sync/contacts-revalidation';
import { enqueueWrite } from '../../src/sync/queue';
import { ContactEventWrite } from '../../src/sync/writes/event-writes';
import { makeContact, signInWithEmptyContactsCache } from './helpers';

const owner = 'user-1';
const ada = makeContact('ada', { name: 'Ada Lovelace' });
const grace = makeContact('grace', { name: 'Grace Hopper' });

interface SentRequest {
  path: string;
  ifNoneMatch: string | null;
  since: string | null;
}

/**
 * GET /api/contact as the server answers it: 304 for the current etag; with `since`, the change feed
 * (the changes given, or the whole list for a cursor it does not know); without, the list.
 */
function contactsServer(
  state: { contacts: Contact[]; etag: string },
  changes?: { contacts: Contact[]; deleted: string[] },
) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const request = {
        path: url.pathname,
        ifNoneMatch: input.headers.get('If-None-Match'),
        since: url.searchParams.get('since'),
      };
      sent.push(request);
      if (request.ifNoneMatch === state.etag) return new Response(null, { status: 304 });
      const body =
        request.since === null
          ? state.contacts
          : changes
            ? { cursor: state.etag, isFullList: false, ...changes }
            : { cursor: state.etag, isFullList: true, contacts: state.contacts, deleted: [] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json', etag: state.etag },
      });
    }),
  );
  return sent;
}

function cacheOf(contacts: Contact[], etag: string, now = Date.now()) {
  return storeContactList(owner, contacts, etag, { now, isOwnerCurrent: () => true });
}

beforeEach(async () => {
  await signInWithEmptyContactsCache();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stores the list with `contactId`'s name no longer a string, as a damaged or foreign write would leave it. */
async function damageStoredContact(contactId: string): Promise<void> {
  const stored = await db.contactLists.get(owner);
  await db.contactLists.put({
    ownerUserId: owner,
    contacts: (stored?.contacts ?? []).map((contact) =>
      contact._id === contactId ? ({ ...contact, name: 42 } as never) : contact,
    ),
  });
}

describe('a stored list that fails its check', () => {
  it('is not read by a revalidation, which sends the stored etag from the cache entry alone', async () => {
    await cacheOf([ada, grace], '"v1"');
    await damageStoredContact('ada');
    const listReads = vi.spyOn(db.contactLists, 'get');
    const sent = contactsServer({ contacts: [ada, grace], etag: '"v1"' });

    expect(await revalidateContacts(owner)).toBe('unchanged');

    expect(sent).toEqual([{ path: '/api/contact', ifNoneMatch: '"v1"', since: '"v1"' }]);
    expect(listReads).not.toHaveBeenCalled();
  });

  it('is caught by the next reader of the whole list, dropped and fetched whole, with queued writes kept', async () => {
    await cacheOf([ada, grace], '"v1"');
    await enqueueWrite(
      ContactEventWrite,
      { contactId: grace._id, contactName: grace.name, event: 'Web Summit' },
      { ownerUserId: owner },
    );
    const queued = await db.pendingWrites.toArray();
    await damageStoredContact('ada');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The server still has the list at "v1": only a request without the stored etag brings it back.
    const sent = contactsServer({ contacts: [ada, grace], etag: '"v1"' });

    expect(await readContactsCache(owner)).toBeNull();

    await vi.waitFor(async () => expect((await readContactsCache(owner))?.contacts).toEqual([ada, grace]));
    expect(sent).toEqual([{ path: '/api/contact', ifNoneMatch: null, since: null }]);
    expect(await db.pendingWrites.toArray()).toEqual(queued);
  });
});

describe('revalidating', () => {
  it('fetches GET /api/contact without an etag when nothing is cached, and stores the list and its ETag', async () => {
    const sent = contactsServer({ contacts: [ada, grace], etag: '"v1"' });

    expect(await revalidateContacts(owner)).toBe('changed');

    expect(sent).toEqual([{ path: '/api/contact', ifNoneMatch: null, since: null }]);
    const cache = await readContactsCache(owner);
    expect(cache?.contacts).toEqual([ada, grace]);
    expect(cache?.etag).toBe('"v1"');
  });

  it('sends the cached etag as If-None-Match and as `since`; a 304 leaves the cache as it was', async () => {
    await cacheOf([ada], '"v1"');
    const before = await db.contactSets.get(owner);
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });

    expect(await revalidateContacts(owner)).toBe('unchanged');

    expect(sent).toEqual([{ path: '/api/contact', ifNoneMatch: '"v1"', since: '"v1"' }]);
    expect(await db.contactSets.get(owner)).toEqual(before);
  });

  it('applies only what changed: a changed contact in place, a new one by date, a deleted one gone', async () => {
    const older = makeContact('older', { name: 'Older', connectedAt: '2020-01-01T00:00:00.000Z' });
    const newer = makeContact('newer', { name: 'Newer', connectedAt: '2030-01-01T00:00:00.000Z' });
    await cacheOf([ada, grace, older], '"v1"');
    contactsServer(
      { contacts: [], etag: '"v2"' },
      { contacts: [{ ...ada, isFlagged: !ada.isFlagged }, newer], deleted: [grace._id] },
    );

    expect(await revalidateContacts(owner)).toBe('changed');

    const cache = await readContactsCache(owner);
    expect(cache?.contacts.map((contact) => contact._id)).toEqual(['newer', 'ada', 'older']);
    expect(cache?.contacts[1]?.isFlagged).toBe(!ada.isFlagged);
    expect(cache?.etag).toBe('"v2"');
  });

  it('stores a 200 with new data and reports the change', async () => {
    await cacheOf([ada], '"v1"');
    contactsServer({ contacts: [grace, ada], etag: '"v2"' });

    expect(await revalidateContacts(owner)).toBe('changed');

    const cache = await readContactsCache(owner);
    expect(cache?.contacts).toEqual([grace, ada]);
    expect(cache?.etag).toBe('"v2"');
  });

  it('reports no change for a 200 whose list equals the cache, keeping the new ETag', async () => {
    await cacheOf([ada], '"v1"');
    contactsServer({ contacts: [ada], etag: '"v2"' });

    expect(await revalidateContacts(owner)).toBe('unchanged');
    expect((await readContactsCache(owner))?.etag).toBe('"v2"');
  });

  it('fetches without an etag when the cache has expired', async () => {
    await cacheOf([ada], '"v1"', Date.now() - CONTACTS_CACHE_TTL_MS);
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });

    expect(await revalidateContacts(owner)).toBe('changed');
    expect(sent[0]?.ifNoneMatch).toBeNull();
  });

  it('keeps the cache and logs a warning when the server cannot be reached', async () => {
    await cacheOf([ada], '"v1"');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(await revalidateContacts(owner)).toBe('failed');

    expect(warn).toHaveBeenCalled();
    expect((await readContactsCache(owner))?.contacts).toEqual([ada]);
  });

  it('stores nothing when the member signed out while the list was on its way', async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const outcome = revalidateContacts(owner);
    await vi.waitFor(() => expect(answer).toBeDefined());

    localStorage.removeItem(StorageKeys.token);
    answer?.(
      new Response(JSON.stringify([ada]), { status: 200, headers: { 'content-type': 'application/json' } }),
    );

    expect(await outcome).toBe('unchanged');
    expect(await db.contactSets.count()).toBe(0);
  });

  it('shares one request between callers that arrive while it runs', async () => {
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });

    const outcomes = await Promise.all([revalidateContacts(owner), revalidateContacts(owner)]);

    expect(outcomes).toEqual(['changed', 'changed']);
    expect(sent).toHaveLength(1);
  });
});

/** The cache is read (on IndexedDB's real setImmediate) before the revalidation is timed. */
async function untilTimerIsSet(): Promise<void> {
  for (let turn = 0; turn < 1_000 && vi.getTimerCount() === 0; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(vi.getTimerCount()).toBe(1);
}

describe('scheduling a revalidation', () => {
  beforeEach(() => {
    // IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });

  it('runs 5 seconds after it was asked for', async () => {
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });
    const outcome = scheduleRevalidation(owner);

    await vi.advanceTimersByTimeAsync(REVALIDATION_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBe('changed');
    expect(sent).toHaveLength(1);
  });

  it('lets a newer request for the same member replace the pending one', async () => {
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });
    const first = scheduleRevalidation(owner);
    await vi.advanceTimersByTimeAsync(4_000);

    const second = scheduleRevalidation(owner);
    expect(await first).toBe('replaced');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(await second).toBe('changed');
    expect(sent).toHaveLength(1);
  });

  it('keeps pending requests of different members apart', async () => {
    contactsServer({ contacts: [ada], etag: '"v1"' });
    const forOwner = scheduleRevalidation(owner, { delayMs: 1_000 });
    const forSomeoneElse = scheduleRevalidation('user-2', { delayMs: 1_000 });

    await vi.advanceTimersByTimeAsync(1_000);

    expect(await forOwner).toBe('changed');
    // Only the signed-in member's list may be fetched with their token.
    expect(await forSomeoneElse).toBe('failed');
  });

  it('after a cached page load, shows the cache and revalidates 3 seconds later', async () => {
    await cacheOf([ada], '"v1"');
    const sent = contactsServer({ contacts: [grace, ada], etag: '"v2"' });

    const outcome = revalidateOnContactsLoad(owner);
    await untilTimerIsSet();
    await vi.advanceTimersByTimeAsync(CACHED_LOAD_REVALIDATION_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toBe('changed');
    expect(sent).toEqual([{ path: '/api/contact', ifNoneMatch: '"v1"', since: '"v1"' }]);
  });

  it('without a cache, a page load fetches at once', async () => {
    const sent = contactsServer({ contacts: [ada], etag: '"v1"' });

    expect(await revalidateOnContactsLoad(owner)).toBe('changed');
    expect(sent).toHaveLength(1);
  });
});

describe('prefetch after sign-in', () => {
  it('does nothing when a valid cache exists', async () => {
    await cacheOf([ada], '"v1"');
    const sent = contactsServer({ contacts: [grace], etag: '"v2"' });

    expect(await prefetchContacts(owner)).toBe('unchanged');
    expect(sent).toHaveLength(0);
  });

  it('fetches and stores when there is no valid cache', async () => {
    await cacheOf([ada], '"v1"');
    await db.contactSets.update(owner, { schemaVersion: 2 });
    contactsServer({ contacts: [grace], etag: '"v2"' });

    expect(await prefetchContacts(owner)).toBe('changed');
    expect((await readContactsCache(owner))?.contacts).toEqual([grace]);
  });
});
