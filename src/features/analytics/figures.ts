// How analytics figures read on screen: dates of the member's days, periods, trends and comparisons.
import type { ActivityBucket, ActivityUnit, AnalyticsPeriod, Trend } from '../../../contract/analytics';
import { formatCalendarDay, formatDateTime, formatNumber } from '../../ui/format';

// The server's dates are calendar days (YYYY-MM-DD) already in the member's time zone (ui/format.ts
// writes them at UTC midnight, so that no zone moves them to the day before).

/** '24 Nov' (or the browser's order): an axis label. */
export function formatShortDay(date: string): string {
  return formatCalendarDay(date, 'short');
}

export function formatDay(date: string): string {
  return formatCalendarDay(date, 'long');
}

/** '18 Nov 2026 – 24 Nov 2026': the days a figure covers, both included. */
export function formatPeriod(period: AnalyticsPeriod): string {
  return `${formatDay(period.startDate)} – ${formatDay(period.endDate)}`;
}

/** When a copy came from the server, in the member's clock. */
export function formatFetchedAt(fetchedAt: number): string {
  return formatDateTime(fetchedAt);
}

/** An activity bar's label: its day, the week it starts, or its month. */
export function activityLabel(bucket: ActivityBucket, unit: ActivityUnit): string {
  if (unit === 'month') return formatCalendarDay(bucket.startDate, 'month');
  if (unit === 'week') return `Week of ${formatShortDay(bucket.startDate)}`;
  return formatShortDay(bucket.startDate);
}

export { formatNumber };

/** '1 contact', '3 contacts': a count with its noun. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/**
 * A daily average to one decimal; one that rounds to 0 while there was something says so ('under
 * 0.1') instead of reading as nothing at all.
 */
export function formatAverage(average: number, total: number): string {
  return average === 0 && total > 0 ? 'under 0.1' : formatNumber(average);
}

export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** '+25%', '−10%', 'No change', or 'New' when the previous period had nothing to compare with. */
export function formatTrend(trend: Trend): string {
  if (trend === 'new') return 'New';
  if (trend === 0) return 'No change';
  return `${trend > 0 ? '+' : '−'}${formatPercent(Math.abs(trend))}`;
}

/** 'Previous 7 days': the period just before the one shown, as legends and tables name it. */
export function previousPeriodLabel(days: number): string {
  return `Previous ${days} days`;
}

/** 'Previous 7 days: 3' — the same figure for the period just before. */
export function previousLine(period: AnalyticsPeriod, value: string | number): string {
  const shown = typeof value === 'number' ? formatNumber(value) : value;
  return `${previousPeriodLabel(period.days)}: ${shown}`;
}

/** Today in the member's calendar, as a date input writes it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A chart's two series: the range in colour and the period before it in grey. */
export function periodKeys(label: string, previousPeriod: AnalyticsPeriod) {
  return [
    { id: 'count', label },
    { id: 'previousCount', label: previousPeriodLabel(previousPeriod.days), isPrevious: true },
  ];
}
