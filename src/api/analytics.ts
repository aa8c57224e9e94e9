// The member's analytics (spec §7 analytics-summary, user-analytics/*, export), each range read through
// a cached resource kept 15 minutes (spec §4), in the member's own time zone so "today" is theirs.
import {
  type AnalyticsExportType,
  AnalyticsSummaryEndpoint,
  type SummaryRange,
  UserAnalyticsEndpoints,
  type UserAnalyticsRange,
} from '../../contract/analytics';
import type { CachedResourceDefinition } from '../db/cached-resources';
import { callForAnswer, type SuccessAnswer } from './client';
import { type DownloadedFile, readDownloadedFile } from './downloaded-file';
import { endpointResource, type ResourceQuery } from './resource-fetch';
import { memberTimeZone } from './time-zone';

/** Spec §4, §9: analytics results live 15 minutes. */
export const ANALYTICS_LIFETIME_MS = 15 * 60_000;

/** A preset range of the enhanced view, or a custom one (YYYY-MM-DD, both days included). */
export type AnalyticsSelection = { range: UserAnalyticsRange } | { startDate: string; endDate: string };

/** The figures the enhanced view reads (the export is a file, not a resource). */
export type UserAnalyticsKind = Exclude<keyof typeof UserAnalyticsEndpoints, 'export'>;

type UserAnalyticsEndpoint<K extends UserAnalyticsKind> = (typeof UserAnalyticsEndpoints)[K];
export type UserAnalytics<K extends UserAnalyticsKind> = SuccessAnswer<UserAnalyticsEndpoint<K>>;

function selectionQuery(selection: AnalyticsSelection): ResourceQuery {
  const dates = 'range' in selection ? { range: selection.range } : selection;
  return { ...dates, timezone: memberTimeZone() };
}

// One definition per name, so a screen that asks for the same range again gets the same resource
// (useCachedResource loads again when its resource changes).
const resources = new Map<string, CachedResourceDefinition<unknown>>();

function memoised<T>(name: string, define: () => CachedResourceDefinition<T>): CachedResourceDefinition<T> {
  let resource = resources.get(name);
  if (!resource) {
    resource = define() as CachedResourceDefinition<unknown>;
    resources.set(name, resource);
  }
  return resource as CachedResourceDefinition<T>;
}

function resourceName(kind: string, query: ResourceQuery): string {
  return `analytics:${kind}:${new URLSearchParams(query).toString()}`;
}

export function analyticsSummaryResource(range: SummaryRange) {
  const query = { range, timezone: memberTimeZone() };
  return memoised(resourceName('summary', query), () =>
    endpointResource(resourceName('summary', query), AnalyticsSummaryEndpoint, ANALYTICS_LIFETIME_MS, {
      query,
    }),
  );
}

export function userAnalyticsResource<K extends UserAnalyticsKind>(
  kind: K,
  selection: AnalyticsSelection,
): CachedResourceDefinition<UserAnalytics<K>> {
  const query = selectionQuery(selection);
  const name = resourceName(kind, query);
  // The endpoint table's entry for K answers UserAnalytics<K>.
  const endpoint: UserAnalyticsEndpoint<UserAnalyticsKind> = UserAnalyticsEndpoints[kind];
  return memoised(name, () =>
    endpointResource(name, endpoint, ANALYTICS_LIFETIME_MS, { query }),
  ) as CachedResourceDefinition<UserAnalytics<K>>;
}

/** One table as the server's CSV file (named after its type and dates). */
export async function exportAnalytics(
  type: AnalyticsExportType,
  selection: AnalyticsSelection,
): Promise<DownloadedFile> {
  const answer = await callForAnswer(UserAnalyticsEndpoints.export, {
    query: { type, ...selectionQuery(selection) },
    cache: 'no-store',
  });
  return readDownloadedFile(answer, `tapnet-analytics-${type}.csv`);
}
