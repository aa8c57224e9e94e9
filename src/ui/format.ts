// How the app writes dates, times and numbers: every Intl format of the screens is set up here, once
// per set of options, in the reader's locale and time zone unless a caller names its own locale (the
// operator dashboards write English). A value that cannot be read is shown as it came.
//
// The member's time zone sent with analytics and insights queries is src/api/time-zone.ts: data layers
// may not import ui/, and the server needs it before anything is shown.

type Instant = string | number | Date;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale and options (building one costs far more than using it). */
function dateFormat(options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function formatInstant(value: Instant, options: Intl.DateTimeFormatOptions, locale?: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat(options, locale).format(date);
}

/** A day the server sent as an instant: '24 November 2026' (long) or '24 Nov 2026' (medium). */
export function formatDate(value: Instant, style: 'long' | 'medium' = 'long'): string {
  return formatInstant(value, { dateStyle: style });
}

/** An instant with its time: '24 Nov 2026, 21:05'. */
export function formatDateTime(value: Instant, locale?: string): string {
  return formatInstant(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);
}

/** An instant to the second, compactly: '24/11/2026, 21:05:09' (an event log's rows). */
export function formatTimestamp(value: Instant): string {
  return formatInstant(value, { dateStyle: 'short', timeStyle: 'medium' });
}

/** The time of day alone, to the second: '21:05:09'. */
export function formatClock(value: Instant): string {
  return formatInstant(value, { timeStyle: 'medium' });
}

/** An event's start: its weekday and day, and its time unless it lasts all day. */
export function formatWeekdayDate(value: Instant, { isAllDay }: { isAllDay: boolean }): string {
  const day: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
  // An all-day event's date is a calendar day at UTC midnight: no zone may move it.
  return formatInstant(
    value,
    isAllDay ? { ...day, timeZone: 'UTC' } : { ...day, hour: 'numeric', minute: '2-digit' },
  );
}

const CALENDAR_DAY_OPTIONS = {
  /** '24 Nov': an axis label. */
  short: { day: 'numeric', month: 'short' },
  /** '24 Nov 2026'. */
  long: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 'Nov 2026'. */
  month: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar day the server sent as YYYY-MM-DD, already in the member's time zone: read and written at
 * UTC midnight, so that no zone moves it to the day before.
 */
export function formatCalendarDay(
  day: string,
  style: keyof typeof CALENDAR_DAY_OPTIONS = 'long',
  locale?: string,
): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormat({ ...CALENDAR_DAY_OPTIONS[style], timeZone: 'UTC' }, locale).format(date);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A figure with at most one decimal, grouped as the locale writes it: '1,234.5'. */
export function formatNumber(value: number, locale?: string): string {
  const key = locale ?? '';
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
