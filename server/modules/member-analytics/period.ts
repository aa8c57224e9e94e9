// The one date-range rule of member analytics: which days a call covers, in the member's time zone,
// and the period of the same length just before it. Days are YYYY-MM-DD strings, both ends included;
// SQL turns them into instants at local midnight (queries.ts), so a day is the member's day.
import {
  type AnalyticsPeriod,
  DEFAULT_USER_ANALYTICS_RANGE,
  daysBetween,
  SUMMARY_RANGE_DAYS,
  type SummaryRange,
  type UserAnalyticsRange,
} from '../../../contract/analytics';
import { addDays, todayIn } from '../../platform/time';

function period(startDate: string, endDate: string, timezone: string): AnalyticsPeriod {
  return { startDate, endDate, days: daysBetween(startDate, endDate), timezone };
}

function lastDays(days: number, timezone: string, now: Date): AnalyticsPeriod {
  const today = todayIn(timezone, now);
  return period(addDays(today, 1 - days), today, timezone);
}

/** The simple view's range: the last 7, 30, 90 or 365 days, today included. */
export function summaryPeriod(range: SummaryRange, timezone: string, now: Date): AnalyticsPeriod {
  return lastDays(SUMMARY_RANGE_DAYS[range], timezone, now);
}

/** The enhanced view's range: the last N days, 1 January to today, or the member's own dates. */
export function userAnalyticsPeriod(
  query: { range?: UserAnalyticsRange | undefined; startDate?: string; endDate?: string; timezone: string },
  now: Date,
): AnalyticsPeriod {
  if (query.startDate !== undefined && query.endDate !== undefined) {
    return period(query.startDate, query.endDate, query.timezone);
  }
  const range = query.range ?? DEFAULT_USER_ANALYTICS_RANGE;
  if (range === 'ytd') {
    const today = todayIn(query.timezone, now);
    return period(`${today.slice(0, 4)}-01-01`, today, query.timezone);
  }
  return lastDays(Number(range), query.timezone, now);
}

/** The days just before `current`, as many as it has. */
export function previousPeriod(current: AnalyticsPeriod): AnalyticsPeriod {
  return period(addDays(current.startDate, -current.days), addDays(current.startDate, -1), current.timezone);
}

/** Every date of `current`, oldest first. */
export function datesOf(current: AnalyticsPeriod): string[] {
  return Array.from({ length: current.days }, (_, index) => addDays(current.startDate, index));
}

/** The zone's offset from UTC at noon UTC of `date`, in minutes ("GMT+05:30" → 330). */
function offsetMinutes(timezone: string, date: string): number {
  const name = new Intl.DateTimeFormat('en', { timeZone: timezone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = name?.match(/([+-])(\d{2}):(\d{2})/);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Offsets change at most twice a year, so looking every fortnight finds any that is not whole hours. */
const OFFSET_SAMPLE_DAYS = 14;

/**
 * Whether every local day of `period` is made of whole UTC hours: whether the zone's offset is whole
 * hours all through it (not in India or Nepal, nor in Lord Howe Island's winter). Then counts kept
 * per UTC hour add up to exact local days.
 */
export function hasWholeHourDays(period: AnalyticsPeriod): boolean {
  const samples = [period.endDate];
  for (let offset = 0; offset < period.days; offset += OFFSET_SAMPLE_DAYS) {
    samples.push(addDays(period.startDate, offset));
  }
  return samples.every((date) => offsetMinutes(period.timezone, date) % 60 === 0);
}
