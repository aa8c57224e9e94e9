// How the admin dashboard words its figures: country names, device names, dates, shares.
import { formatCalendarDay, formatDateTime as formatInstantDateTime, formatNumber } from '../../ui/format';

/** The operator dashboards are written in English. */
const OPERATOR_LOCALE = 'en';

/** §3 Country names, from the browser's own list: an unknown or malformed code shows as the code. */
const regionNames = new Intl.DisplayNames([OPERATOR_LOCALE], { type: 'region', fallback: 'code' });

export function countryName(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const DEVICE_NAMES: Record<string, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' };

/** §2 Devices: a missing device name shows as 'Unknown'. */
export function deviceName(device: string | null | undefined): string {
  if (!device) return 'Unknown';
  return DEVICE_NAMES[device] ?? device;
}

/** A count divided by a total, in percent with one decimal ('0.0' when the total is 0). */
export function percentOf(count: number, total: number): string {
  return (total === 0 ? 0 : (count / total) * 100).toFixed(1);
}

export function oneDecimal(value: number): string {
  return value.toFixed(1);
}

export function formatCount(value: number): string {
  return formatNumber(value, OPERATOR_LOCALE);
}

/** An instant from the server in the operator's own clock, e.g. 'Nov 24, 2026, 9:05 PM'. */
export function formatDateTime(iso: string): string {
  return formatInstantDateTime(iso, OPERATOR_LOCALE);
}

/**
 * A chart day ('2026-11-24', already a calendar date in the analytics time zone) as 'Nov 24'. Read as
 * UTC midnight and written in UTC, so the viewer's own zone cannot move it to the day before.
 */
export function formatDay(day: string): string {
  return formatCalendarDay(day, 'short', OPERATOR_LOCALE);
}
