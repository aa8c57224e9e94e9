// The daily forced-refresh limit as this browser counts it (insights-and-operators.md §4, §9): one
// refresh of the events digest and one of the news digest per local calendar day, counts older than a
// week purged. The server counts too and has the last word; this count spares a call it would refuse.
import { db, InsightRefreshCountSchema } from '../db/tapnet-db';

export type RefreshKind = 'events' | 'news';

/** Spec §9: 1 forced refresh per day for events and 1 for news. */
export const DAILY_REFRESH_LIMIT = 1;
/** Spec §9: counters older than 7 days are purged. */
export const REFRESH_COUNT_RETENTION_DAYS = 7;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The member's own calendar day, YYYY-MM-DD: "today" is theirs, not UTC's. */
export function localDay(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day still kept: today and the 6 days before it. */
function oldestKeptDay(now: number): string {
  const date = new Date(now);
  date.setDate(date.getDate() - (REFRESH_COUNT_RETENTION_DAYS - 1));
  return localDay(date.getTime());
}

async function readCount(ownerUserId: string, kind: RefreshKind, day: string): Promise<number> {
  const parsed = InsightRefreshCountSchema.safeParse(
    await db.insightRefreshCounts.get([ownerUserId, kind, day]),
  );
  return parsed.success ? parsed.data.count : 0;
}

/** How many forced refreshes of `kind` the member has left today. */
export async function readRefreshesLeft(
  ownerUserId: string,
  kind: RefreshKind,
  now = Date.now(),
): Promise<number> {
  return Math.max(0, DAILY_REFRESH_LIMIT - (await readCount(ownerUserId, kind, localDay(now))));
}

/** Counts a forced refresh made now, and drops every count older than the retention. */
export async function countRefresh(ownerUserId: string, kind: RefreshKind, now = Date.now()): Promise<void> {
  const day = localDay(now);
  await db.transaction('rw', db.insightRefreshCounts, async () => {
    const count = await readCount(ownerUserId, kind, day);
    await db.insightRefreshCounts.put({ ownerUserId, kind, day, count: count + 1 });
    await db.insightRefreshCounts.where('day').below(oldestKeptDay(now)).delete();
  });
}

/** The server refused a refresh this browser did not count (another device made it): today is used up. */
export async function markRefreshesUsed(
  ownerUserId: string,
  kind: RefreshKind,
  now = Date.now(),
): Promise<void> {
  await db.insightRefreshCounts.put({ ownerUserId, kind, day: localDay(now), count: DAILY_REFRESH_LIMIT });
}
