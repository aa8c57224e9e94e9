// Cached resources (DESIGN.md §2, src/db/cached-resources.ts): a copy within its lifetime is shown
// without asking, an older one is revalidated with its ETag, a 304 keeps it, a copy that no longer
// parses is dropped, each member has their own, log-out clears them, and offline the last copy stays.
// IndexedDB is fake-indexeddb; the server is a fetch function the test answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type CachedResourceDefinition,
  defineCachedResource,
  loadCachedResource,
  type ResourceFetch,
  readCachedResource,
} from '../../src/db/cached-resources';
import { db } from '../../src/db/tapnet-db';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { logOut } from '../../src/sync/log-out';
import { makeToken } from './helpers';

const LIFETIME_MS = 60_000;
const start = 1_800_000_000_000;
const isOwnerCurrent = () => true;

const GreetingSchema = z.object({ text: z.string() });
type Greeting = z.infer<typeof GreetingSchema>;

/** What the server answers next, and what it was asked with. */
function fakeServer() {
  const answers: (ResourceFetch<Greeting> | Error)[] = [];
  const sentEtags: (string | null)[] = [];
  const fetch = vi.fn(async (etag: string | null) => {
    sentEtags.push(etag);
    const answer = answers.shift();
    if (!answer) throw new Error('no answer queued');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { answers, sentEtags, fetch };
}

let server: ReturnType<typeof fakeServer>;
let greeting: CachedResourceDefinition<Greeting>;

function load(owner: string, at: number) {
  return loadCachedResource(greeting, owner, { isOwnerCurrent, now: () => at });
}

beforeEach(async () => {
  await db.cachedResources.clear();
  server = fakeServer();
  greeting = defineCachedResource({
    name: 'greeting',
    schema: GreetingSchema,
    lifetimeMs: LIFETIME_MS,
    fetch: server.fetch,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('loadCachedResource', () => {
  it('fetches when there is no copy and stores the value with its ETag and time', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: '"v1"' });

    const loaded = await load('user-1', start);

    expect(loaded).toEqual({ value: { text: 'hello' }, etag: '"v1"', fetchedAt: start });
    expect(server.sentEtags).toEqual([null]);
    expect(await readCachedResource(greeting, 'user-1')).toEqual(loaded);
  });

  it('shows a copy within its lifetime without asking the server', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: '"v1"' });
    await load('user-1', start);

    const loaded = await load('user-1', start + LIFETIME_MS - 1);

    expect(loaded.value).toEqual({ text: 'hello' });
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('revalidates a copy as old as its lifetime, sending its ETag, and stores what changed', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: '"v1"' });
    await load('user-1', start);
    server.answers.push({ status: 'changed', value: { text: 'hello again' }, etag: '"v2"' });

    const loaded = await load('user-1', start + LIFETIME_MS);

    expect(server.sentEtags).toEqual([null, '"v1"']);
    expect(loaded).toEqual({ value: { text: 'hello again' }, etag: '"v2"', fetchedAt: start + LIFETIME_MS });
    expect(await readCachedResource(greeting, 'user-1')).toEqual(loaded);
  });

  it('keeps the value on a 304 and counts it as fetched now', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: '"v1"' });
    await load('user-1', start);
    server.answers.push({ status: 'unchanged' });

    await load('user-1', start + LIFETIME_MS + 5);
    const again = await load('user-1', start + 2 * LIFETIME_MS);

    expect(again).toEqual({ value: { text: 'hello' }, etag: '"v1"', fetchedAt: start + LIFETIME_MS + 5 });
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('drops a copy that no longer parses and fetches in full', async () => {
    await db.cachedResources.put({
      ownerUserId: 'user-1',
      name: 'greeting',
      value: { words: ['from', 'an', 'older', 'version'] },
      fetchedAt: start,
      etag: '"old"',
    });
    expect(await readCachedResource(greeting, 'user-1')).toBeNull();
    server.answers.push(new Error('offline'));

    await expect(load('user-1', start)).rejects.toThrow('offline');

    expect(server.sentEtags).toEqual([null]);
    expect(await db.cachedResources.count()).toBe(0);
  });

  it('keeps each member’s copy apart', async () => {
    server.answers.push({ status: 'changed', value: { text: 'for Ada' }, etag: null });
    await load('user-1', start);
    server.answers.push({ status: 'changed', value: { text: 'for Grace' }, etag: null });

    const graces = await load('user-2', start);

    expect(graces.value).toEqual({ text: 'for Grace' });
    expect((await readCachedResource(greeting, 'user-1'))?.value).toEqual({ text: 'for Ada' });
    expect(server.sentEtags).toEqual([null, null]);
  });

  it('stores nothing for a member who left while the fetch was under way', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: null });

    await loadCachedResource(greeting, 'user-1', { isOwnerCurrent: () => false, now: () => start });

    expect(await readCachedResource(greeting, 'user-1')).toBeNull();
  });

  it('offline, fails the load but keeps the last copy readable', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: '"v1"' });
    await load('user-1', start);
    server.answers.push(new TypeError('Failed to fetch'));

    await expect(load('user-1', start + LIFETIME_MS)).rejects.toThrow('Failed to fetch');

    expect(await readCachedResource(greeting, 'user-1')).toEqual({
      value: { text: 'hello' },
      etag: '"v1"',
      fetchedAt: start,
    });
  });

  it('sends one request for screens that load the same copy together', async () => {
    server.answers.push({ status: 'changed', value: { text: 'hello' }, etag: null });

    const [first, second] = await Promise.all([load('user-1', start), load('user-1', start)]);

    expect(first).toEqual(second);
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('log-out', () => {
  it('clears every member’s cached resources', async () => {
    server.answers.push({ status: 'changed', value: { text: 'for Ada' }, etag: null });
    await load('user-1', start);
    server.answers.push({ status: 'changed', value: { text: 'for Grace' }, etag: null });
    await load('user-2', start);
    localStorage.setItem(StorageKeys.token, makeToken({ sub: 'user-1', role: 'user' }));
    useSessionStore.getState().signIn();

    logOut();

    await vi.waitFor(async () => expect(await db.cachedResources.count()).toBe(0));
    expect(useSessionStore.getState().status).toBe('signedOut');
  });
});
