// The arithmetic of member analytics, apart from SQL: percentages and trends that never divide by
// zero, velocity, the peak day, and daily counts gathered into the activity chart's bars.
import type { ActivityBucket, ActivityUnit, AnalyticsFigure, Trend } from '../../../contract/analytics';
import { AnalyticsDefinitions } from '../../../contract/analytics';
import { DAY_MS } from '../../platform/time';

export function roundToOneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** `part` as a percentage of `whole` to one decimal; 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : roundToOneDecimal((part / whole) * 100);
}

/** The change from `previous` to `current` in percent; 'new' when only the current period has any. */
export function trendOf(current: number, previous: number): Trend {
  if (previous === 0) return current === 0 ? 0 : 'new';
  return roundToOneDecimal(((current - previous) / previous) * 100);
}

/** How many a week, on average, over `days` days. */
export function perWeek(count: number, days: number): number {
  return roundToOneDecimal((count / days) * 7);
}

export interface DayCount {
  date: string;
  count: number;
}

/** The day with the most, the earliest on a tie; null when every day has none. */
export function peakDayOf(days: readonly DayCount[]): DayCount | null {
  let peak: DayCount | null = null;
  for (const day of days) if (day.count > 0 && day.count > (peak?.count ?? 0)) peak = day;
  return peak;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Monday 0 … Sunday 6. */
function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The weekday with the most in total, Monday first on a tie; null when every day has none. */
export function peakWeekdayOf(days: readonly DayCount[]): string | null {
  const totals = WEEKDAYS.map(() => 0);
  for (const day of days) {
    const index = weekdayIndex(day.date);
    totals[index] = (totals[index] ?? 0) + day.count;
  }
  const most = Math.max(...totals);
  return most === 0 ? null : (WEEKDAYS[totals.indexOf(most)] ?? null);
}

/** ISO 8601 week: the week-year and number of the week holding `date` (weeks start on Monday). */
export function isoWeekOf(date: string): { year: number; week: number; month: number } {
  const day = new Date(`${date}T00:00:00Z`);
  // The week belongs to the year (and month) of its Thursday.
  const thursday = new Date(day.getTime() + (3 - weekdayIndex(date)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { year, week, month: thursday.getUTCMonth() + 1 };
}

function bucketIdOf(date: string, unit: ActivityUnit): ActivityBucket['_id'] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (unit === 'day') return { year, month, day };
  if (unit === 'month') return { year, month };
  return isoWeekOf(date);
}

/**
 * Days of the current period gathered into bars of `unit` (a week or a month cut at the period's
 * ends), each with the count of the same days one period earlier (`previous[i]` is the day
 * `current.length` days before `current[i]`).
 */
export function activityBuckets(
  current: readonly DayCount[],
  previous: readonly DayCount[],
  unit: ActivityUnit,
): ActivityBucket[] {
  const buckets: ActivityBucket[] = [];
  let key = '';
  current.forEach((day, index) => {
    const id = bucketIdOf(day.date, unit);
    const dayKey = JSON.stringify(id);
    const previousCount = previous[index]?.count ?? 0;
    const last = buckets.at(-1);
    if (last && dayKey === key) {
      last.count += day.count;
      last.previousCount += previousCount;
      last.endDate = day.date;
      return;
    }
    key = dayKey;
    buckets.push({ _id: id, count: day.count, startDate: day.date, endDate: day.date, previousCount });
  });
  return buckets;
}

/** The one-line definitions of `figures`, as an answer carries them. */
export function definitionsOf<const Figure extends AnalyticsFigure>(
  figures: readonly Figure[],
): Record<Figure, string> {
  const picked: Partial<Record<Figure, string>> = {};
  for (const figure of figures) picked[figure] = AnalyticsDefinitions[figure];
  // Every figure was given a definition just above.
  return picked as Record<Figure, string>;
}
