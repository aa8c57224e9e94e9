// The member's insights kept on the device (insights-and-operators.md §4 Caches): the events and news
// digests as cached resources of 24 hours, news also only on the calendar day it was fetched; forced
// refreshes within the daily limit; preferences saved through to their copy, which makes both digests
// due again. Offline, screens show the last copies (`useCachedResource`).
import type { InsightPreferences } from '../../contract/insights';
import { EventsSummarySchema, NewsSummarySchema } from '../../contract/insights';
import { ApiError } from '../api/client';
import { type Digest, type DigestKind, fetchDigest, InsightPreferencesResource } from '../api/insights';
import {
  type CachedResourceDefinition,
  defineCachedResource,
  readCachedResource,
  storeCachedResource,
} from '../db/cached-resources';
import { readSignedInUserId } from '../session/signed-in-user';
import { clearNewsDetails } from './insights-news-details';
import { countRefresh, markRefreshesUsed, readRefreshesLeft } from './insights-refresh-limit';
import type { WriteOutcome } from './queue';
import { saveResourceEdit } from './resource-writes';
import { loadResourceValue, storeResourceValue } from './use-cached-resource';
import { InsightPreferencesWrite } from './writes/resource-edits';

/** Spec §4, §9: events and news digests are kept 24 hours. */
export const DIGEST_LIFETIME_MS = 86_400_000;

function startOfLocalDay(at: number): number {
  const date = new Date(at);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

async function fetchFresh<K extends DigestKind>(kind: K, isForced: boolean): Promise<Digest<K>> {
  const { preferences } = await loadResourceValue(InsightPreferencesResource);
  const digest = await fetchDigest(kind, { preferences, isForced });
  // Spec §4: the expanded news belong to the items they expanded; fresh news replaces those.
  if (kind === 'news') await clearNewsDetails();
  return digest;
}

export const EventsDigestResource = defineCachedResource({
  name: 'insights-events',
  schema: EventsSummarySchema,
  lifetimeMs: DIGEST_LIFETIME_MS,
  fetch: async () => ({ status: 'changed', value: await fetchFresh('events', false), etag: null }),
});

export const NewsDigestResource = defineCachedResource({
  name: 'insights-news',
  schema: NewsSummarySchema,
  /**
   * Spec §4: news is valid for 24 hours and only on the day it was fetched. A copy is fresh while its
   * age is under this lifetime; measured from today's local midnight, that is exactly "fetched today",
   * which is never more than 24 hours ago.
   */
  get lifetimeMs() {
    const now = Date.now();
    return Math.min(DIGEST_LIFETIME_MS, now - startOfLocalDay(now));
  },
  fetch: async () => ({ status: 'changed', value: await fetchFresh('news', false), etag: null }),
});

export const DIGEST_RESOURCES: { [K in DigestKind]: CachedResourceDefinition<Digest<K>> } = {
  events: EventsDigestResource,
  news: NewsDigestResource,
};

export type RefreshOutcome<K extends DigestKind> =
  | { status: 'refreshed'; digest: Digest<K> }
  /** Today's forced refresh is used; `serverMessage` when the server said so (another device used it). */
  | { status: 'limit-reached'; serverMessage?: string }
  | { status: 'failed'; error: unknown };

/** A forced refresh (spec §4 Daily refresh limit): counted here, refused here once today's is used. */
export async function refreshDigest<K extends DigestKind>(kind: K): Promise<RefreshOutcome<K>> {
  const userId = readSignedInUserId();
  if (!userId) return { status: 'failed', error: new Error('Nobody is signed in') };
  if ((await readRefreshesLeft(userId, kind)) === 0) return { status: 'limit-reached' };
  try {
    const digest = await fetchFresh(kind, true);
    await countRefresh(userId, kind);
    await storeResourceValue(DIGEST_RESOURCES[kind], digest);
    return { status: 'refreshed', digest };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INSIGHTS_REFRESH_LIMIT') {
      await markRefreshesUsed(userId, kind);
      return { status: 'limit-reached', serverMessage: error.message };
    }
    return { status: 'failed', error };
  }
}

/** What became of a change of preferences, and the set to show for it. */
export interface PreferencesSaveOutcome {
  outcome: WriteOutcome;
  /** Sent: the server's copy (merged with another device's choices); waiting: the set as chosen. */
  preferences: InsightPreferences;
}

/**
 * Saves the whole preference set (spec §4: on each change) and keeps the server's answer as the copy.
 * The digests were chosen for the old set: they become due, but stay readable until replaced.
 */
export async function savePreferences(preferences: InsightPreferences): Promise<PreferencesSaveOutcome> {
  // Based on the copy the member saw: the server refuses it (412) if another device changed the set
  // meanwhile, and the queue merges both devices' choices instead of replacing theirs.
  const outcome = await saveResourceEdit(InsightPreferencesWrite, InsightPreferencesResource, preferences);
  const userId = readSignedInUserId();
  if (userId) await Promise.all([expire(EventsDigestResource, userId), expire(NewsDigestResource, userId)]);
  // Offline the choice waits in the queue and stays on screen; once sent, the copy is the server's.
  if (outcome === 'waiting' || !userId) return { outcome, preferences };
  const copy = await readCachedResource(InsightPreferencesResource, userId);
  return { outcome, preferences: copy?.value.preferences ?? preferences };
}

async function expire<T>(resource: CachedResourceDefinition<T>, userId: string): Promise<void> {
  const stored = await readCachedResource(resource, userId).catch(() => null);
  if (!stored) return;
  await storeCachedResource(
    resource,
    userId,
    { ...stored, fetchedAt: 0 },
    () => readSignedInUserId() === userId,
  );
}
