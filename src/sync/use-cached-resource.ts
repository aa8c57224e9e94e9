// The signed-in member's cached resources for screens (src/db/cached-resources.ts): one hook reads a
// copy live across tabs and loads it through the one loader; two commands put server answers into it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import {
  type CachedResourceDefinition,
  isResourceFresh,
  loadCachedResource,
  readCachedResource,
  type StoredResource,
  storeCachedResource,
  updateCachedResource,
} from '../db/cached-resources';
import { readSignedInUserId, useSignedInUserId } from '../session/signed-in-user';

/**
 * `loading` until a copy within its lifetime is known; `failed` when the fetch failed and there is no
 * copy to show (the screen shows the spec's load error and offers a retry; `error` says why, e.g. the
 * server's refusal of a bad range); otherwise `ready`, with the
 * last copy when the server could not be reached.
 * `fetchedAt` says when the copy shown came from the server (offline, its time is worth showing).
 */
export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; value: T; fetchedAt: number };

type LoadOutcome<T> =
  | { status: 'pending' }
  | { status: 'failed'; error: unknown }
  | { status: 'done'; loaded: StoredResource<T> };

function isOwnedBy(userId: string) {
  return () => readSignedInUserId() === userId;
}

function newer<T>(a: StoredResource<T> | null | undefined, b: StoredResource<T> | null | undefined) {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.fetchedAt > a.fetchedAt ? b : a;
}

interface ResourceCommands {
  /** Loads again after a failure; a copy within its lifetime is kept. */
  retry: () => void;
  /** Asks the server now, whatever the copy's age; the copy stays shown if that fails. */
  refresh: () => void;
  /** A load or refresh is under way (a copy may be shown meanwhile). */
  isRevalidating: boolean;
}

export function useCachedResource<T>(
  resource: CachedResourceDefinition<T>,
  {
    isAskedFirst = false,
  }: {
    /**
     * The server is asked on open whatever the copy's age, and the copy is shown only once it answered
     * (or could not be reached): for a copy another device may have changed, which must not be taken
     * as the truth (insight preferences, issue 24).
     */
    isAskedFirst?: boolean;
  } = {},
): ResourceState<T> & ResourceCommands {
  const userId = useSignedInUserId();
  const [attempt, setAttempt] = useState({ count: 0, isForced: isAskedFirst });
  const [outcome, setOutcome] = useState<LoadOutcome<T>>({ status: 'pending' });

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    setOutcome({ status: 'pending' });
    loadCachedResource(resource, userId, { isOwnerCurrent: isOwnedBy(userId), isForced: attempt.isForced })
      .then((loaded) => isCurrent && setOutcome({ status: 'done', loaded }))
      .catch((error: unknown) => isCurrent && setOutcome({ status: 'failed', error }));
    return () => {
      isCurrent = false;
    };
  }, [resource, userId, attempt]);

  // undefined until the first read answers; null when there is no copy.
  const live = useLiveQuery(
    async () => (userId ? readCachedResource(resource, userId).catch(() => null) : null),
    [resource, userId],
  );

  const retry = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, isForced: false })), []);
  const refresh = useCallback(() => setAttempt(({ count }) => ({ count: count + 1, isForced: true })), []);
  // The loader's answer may arrive before the live query has read the write it made.
  const stored = newer(live, outcome.status === 'done' ? outcome.loaded : null);
  const commands = { retry, refresh, isRevalidating: outcome.status === 'pending' };
  if (live === undefined && outcome.status !== 'done') return { status: 'loading', ...commands };
  const isShown =
    outcome.status === 'done' ||
    outcome.status === 'failed' ||
    (!isAskedFirst && stored !== null && isResourceFresh(stored, resource.lifetimeMs));
  if (stored && isShown)
    return { status: 'ready', value: stored.value, fetchedAt: stored.fetchedAt, ...commands };
  return outcome.status === 'failed'
    ? { status: 'failed', error: outcome.error, ...commands }
    : { status: 'loading', ...commands };
}

/** The signed-in member's value for an action that needs it now (the one loader, so a fresh copy saves a request). */
export async function loadResourceValue<T>(resource: CachedResourceDefinition<T>): Promise<T> {
  const userId = readSignedInUserId();
  if (!userId) throw new Error(`Cached resource ${resource.name}: nobody is signed in`);
  return (await loadCachedResource(resource, userId, { isOwnerCurrent: isOwnedBy(userId) })).value;
}

/** A value the server answered a write with (a saved account) becomes the signed-in member's copy. */
export async function storeResourceValue<T>(resource: CachedResourceDefinition<T>, value: T): Promise<void> {
  const userId = readSignedInUserId();
  if (!userId) return;
  const stored = { value, fetchedAt: Date.now(), etag: null };
  await storeCachedResource(resource, userId, stored, isOwnedBy(userId)).catch(() => {});
}

/** A change the server confirmed, applied to the signed-in member's copy; failures leave it to the next load. */
export async function updateResourceValue<T>(
  resource: CachedResourceDefinition<T>,
  change: (value: T) => T,
): Promise<void> {
  const userId = readSignedInUserId();
  if (!userId) return;
  await updateCachedResource(resource, userId, change, isOwnedBy(userId)).catch(() => {});
}
