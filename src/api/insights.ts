// Insights calls (insights-and-operators.md §7 Insights): preferences, the events and news digests, the
// news detail, the prefetch after login and click tracking. Paths and shapes from contract/insights.ts.
import {
  EventsSummaryEndpoint,
  GetInsightPreferencesEndpoint,
  type InsightPreferencesInput,
  NewsDetailEndpoint,
  type NewsDetailRequest,
  NewsSummaryEndpoint,
  PrimeInsightsEndpoint,
  type TrackClickRequest,
  TrackInsightClickEndpoint,
} from '../../contract/insights';
import { callEndpoint, type SuccessAnswer } from './client';
import { endpointResource } from './resource-fetch';
import { memberTimeZone } from './time-zone';

/** Spec §4, §9: preferences are kept 24 hours. */
export const PREFERENCES_LIFETIME_MS = 86_400_000;
export const InsightPreferencesResource = endpointResource(
  'insight-preferences',
  GetInsightPreferencesEndpoint,
  PREFERENCES_LIFETIME_MS,
);

/** The day a digest is counted in is the member's own (spec §7: UTC when the browser cannot say). */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

interface DigestRequest {
  preferences: InsightPreferencesInput;
  /** Spec §7: `?force=true` with `forceRefresh`, counted against the daily limit. */
  isForced: boolean;
}

/**
 * A digest written by a configured LLM may take long; the server falls back to its extractive summary
 * within its own LLM_TIMEOUT_MS, so this is the spec's 30 s (§7) rather than the client's usual 10 s.
 */
export const DIGEST_TIMEOUT_MS = 30_000;

const DIGEST_ENDPOINTS = { events: EventsSummaryEndpoint, news: NewsSummaryEndpoint } as const;
export type DigestKind = keyof typeof DIGEST_ENDPOINTS;
export type Digest<K extends DigestKind> = SuccessAnswer<(typeof DIGEST_ENDPOINTS)[K]>;

/** The events or news digest for these preferences, in the member's time zone. */
export function fetchDigest<K extends DigestKind>(
  kind: K,
  { preferences, isForced }: DigestRequest,
): Promise<Digest<K>> {
  const json = { preferences, timezone: memberTimeZone(), ...(isForced ? { forceRefresh: true } : {}) };
  const query = isForced ? { force: 'true' } : undefined;
  // Both endpoints take the same body and query; the map gives each kind its own answer's type.
  return callEndpoint(DIGEST_ENDPOINTS[kind] as (typeof DIGEST_ENDPOINTS)['events'], {
    json,
    query,
    timeoutMs: DIGEST_TIMEOUT_MS,
  }) as Promise<Digest<K>>;
}

export function fetchNewsDetail(item: NewsDetailRequest) {
  return callEndpoint(NewsDetailEndpoint, { json: item, timeoutMs: DIGEST_TIMEOUT_MS });
}

/** Spec §7: the server starts preparing the digests; `timeoutMs` is the prefetch's. */
export function primeInsights(options: { timeoutMs: number }) {
  return callEndpoint(PrimeInsightsEndpoint, options);
}

export function trackInsightClick(click: TrackClickRequest) {
  return callEndpoint(TrackInsightClickEndpoint, { json: click });
}
