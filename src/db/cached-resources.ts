// Server reads that screens show (account, invitations, settings, later insights), one copy per member
// and resource (DESIGN.md §2): a resource is declared once with its schema, lifetime and fetch;
// `loadCachedResource` is the one way a copy is loaded or revalidated, `readCachedResource` the one read.
import type { z } from 'zod';
import type { IsOwnerCurrent } from './contacts-cache';
import { CachedResourceSchema, db } from './tapnet-db';

/** What a fetch brought: a new value with the server's ETag (null without one), or a 304 to the ETag sent. */
export type ResourceFetch<T> = { status: 'changed'; value: T; etag: string | null } | { status: 'unchanged' };

export interface CachedResourceDefinition<T> {
  /** The copy's key beside the member's id: one name per resource. */
  name: string;
  /** A stored value that no longer parses (an older app version wrote it) is dropped and fetched anew. */
  schema: z.ZodType<T>;
  /** How long a copy is shown without asking the server; 0 asks on every load. */
  lifetimeMs: number;
  /** `etag` is the stored copy's, for If-None-Match; null when there is no copy or it came without one. */
  fetch(etag: string | null): Promise<ResourceFetch<T>>;
}

/**
 * Declares a resource. An insights cache of the next issues is a named lifetime and one line (in the
 * area's `src/api/` module, where `endpointResource` derives the schema and fetch from the contract):
 *
 * ```ts
 * // Spec: analytics are kept 15 minutes.
 * export const ANALYTICS_LIFETIME_MS = 900_000;
 * export const AnalyticsResource = endpointResource('analytics', GetAnalyticsEndpoint, ANALYTICS_LIFETIME_MS);
 * ```
 *
 * and its screen reads it with `useCachedResource(AnalyticsResource)`.
 */
export function defineCachedResource<T>(
  definition: CachedResourceDefinition<T>,
): CachedResourceDefinition<T> {
  return definition;
}

export interface StoredResource<T> {
  value: T;
  fetchedAt: number;
  etag: string | null;
}

export function isResourceFresh(
  stored: StoredResource<unknown>,
  lifetimeMs: number,
  now = Date.now(),
): boolean {
  const age = now - stored.fetchedAt;
  return age >= 0 && age < lifetimeMs;
}

type Key = [ownerUserId: string, name: string];

function parseStored<T>(resource: CachedResourceDefinition<T>, row: unknown): StoredResource<T> | null {
  const parsed = CachedResourceSchema.safeParse(row);
  if (!parsed.success) return null;
  const value = resource.schema.safeParse(parsed.data.value);
  return value.success
    ? { value: value.data, fetchedAt: parsed.data.fetchedAt, etag: parsed.data.etag }
    : null;
}

/**
 * The member's copy whatever its age (offline, an old copy is better than none), or null when there is
 * none or it no longer parses. It only reads, so it can run inside a live query.
 */
export async function readCachedResource<T>(
  resource: CachedResourceDefinition<T>,
  ownerUserId: string,
): Promise<StoredResource<T> | null> {
  return parseStored(resource, await db.cachedResources.get([ownerUserId, resource.name]));
}

/** Stores a value the server sent, unless its member has left this browser meanwhile. */
export async function storeCachedResource<T>(
  resource: CachedResourceDefinition<T>,
  ownerUserId: string,
  stored: StoredResource<T>,
  isOwnerCurrent: IsOwnerCurrent,
): Promise<void> {
  await db.transaction('rw', db.cachedResources, async () => {
    if (!isOwnerCurrent()) return;
    await db.cachedResources.put({ ownerUserId, name: resource.name, ...stored });
  });
}

/**
 * Applies a change the server confirmed to the member's copy (an answered invitation leaves the list).
 * The ETag is dropped: it named the value before the change. Without a copy nothing happens.
 */
export async function updateCachedResource<T>(
  resource: CachedResourceDefinition<T>,
  ownerUserId: string,
  change: (value: T) => T,
  isOwnerCurrent: IsOwnerCurrent,
): Promise<void> {
  await db.transaction('rw', db.cachedResources, async () => {
    const stored = await readCachedResource(resource, ownerUserId);
    if (!stored || !isOwnerCurrent()) return;
    await db.cachedResources.put({
      ownerUserId,
      name: resource.name,
      value: change(stored.value),
      fetchedAt: stored.fetchedAt,
      etag: null,
    });
  });
}

const loadsInFlight = new Map<string, Promise<StoredResource<unknown>>>();

/**
 * The member's copy, fetched when there is none or it is older than the resource's lifetime; a 304 keeps
 * the value and counts as fetched now. Screens opened together share one request. Rejects when a fetch
 * was needed and failed; the copy it could not replace stays readable.
 */
export function loadCachedResource<T>(
  resource: CachedResourceDefinition<T>,
  ownerUserId: string,
  {
    isOwnerCurrent,
    now = Date.now,
    isForced = false,
  }: {
    isOwnerCurrent: IsOwnerCurrent;
    now?: () => number;
    /** Asks the server even when the copy is within its lifetime (a Refresh button). */
    isForced?: boolean;
  },
): Promise<StoredResource<T>> {
  const flightKey = JSON.stringify([ownerUserId, resource.name] satisfies Key);
  let load = loadsInFlight.get(flightKey) as Promise<StoredResource<T>> | undefined;
  if (!load) {
    load = revalidate(resource, ownerUserId, isOwnerCurrent, now, isForced).finally(() =>
      loadsInFlight.delete(flightKey),
    );
    loadsInFlight.set(flightKey, load);
  }
  return load;
}

async function revalidate<T>(
  resource: CachedResourceDefinition<T>,
  ownerUserId: string,
  isOwnerCurrent: IsOwnerCurrent,
  now: () => number,
  isForced: boolean,
): Promise<StoredResource<T>> {
  const key: Key = [ownerUserId, resource.name];
  const row = await db.cachedResources.get(key);
  const stored = parseStored(resource, row);
  if (row !== undefined && !stored) await db.cachedResources.delete(key);
  if (stored && !isForced && isResourceFresh(stored, resource.lifetimeMs, now())) return stored;
  const fetched = await resource.fetch(stored?.etag ?? null);
  let next: StoredResource<T>;
  if (fetched.status === 'changed') next = { value: fetched.value, etag: fetched.etag, fetchedAt: now() };
  else if (stored) next = { ...stored, fetchedAt: now() };
  else throw new Error(`Cached resource ${resource.name}: 304 without a stored copy`);
  await storeCachedResource(resource, ownerUserId, next, isOwnerCurrent);
  return next;
}

/** Every member's copies: clearing the session leaves none behind (spec §4 Session token). */
export async function clearCachedResources(): Promise<void> {
  await db.cachedResources.clear();
}

/**
 * Stores a value a confirmed write answered, with its version, into the copy named `name` (the service
 * worker has no resource definitions: the name is what the copy is kept under). The next read checks it.
 */
export async function storeConfirmedValue(
  name: string,
  ownerUserId: string,
  value: unknown,
  etag: string | null,
  now = Date.now(),
): Promise<void> {
  await db.cachedResources.put({ ownerUserId, name, value, fetchedAt: now, etag });
}

/** The stored copy's raw value and version, or null; the caller checks the value with its own schema. */
export async function readStoredCopy(
  name: string,
  ownerUserId: string,
): Promise<{ value: unknown; etag: string | null } | null> {
  const parsed = CachedResourceSchema.safeParse(await db.cachedResources.get([ownerUserId, name]));
  return parsed.success ? { value: parsed.data.value, etag: parsed.data.etag } : null;
}
