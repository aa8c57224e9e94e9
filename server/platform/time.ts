// Time on the server, named once: spans in milliseconds, and calendar days in a time zone (YYYY-MM-DD).
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The server's "now", read through one object so tests can hold it (a TOTP code's 30-second window). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Today's date in `timezone` (an IANA name) at the instant `now`, as YYYY-MM-DD. */
export function todayIn(timezone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The date `days` days after `date` (before, when negative); both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}
