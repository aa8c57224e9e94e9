// How the screens write dates and numbers (src/ui/format.ts): the locale's own way, a calendar day never
// moved by a time zone, and a value that cannot be read shown as it came.
import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatClock,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTimestamp,
  formatWeekdayDate,
} from '../../src/ui/format';

const instant = '2026-11-24T21:05:09.000Z';

describe('dates and times', () => {
  it('are written as the locale writes them', () => {
    const date = new Date(instant);
    expect(formatDate(instant)).toBe(date.toLocaleDateString(undefined, { dateStyle: 'long' }));
    expect(formatDate(instant, 'medium')).toBe(date.toLocaleDateString(undefined, { dateStyle: 'medium' }));
    expect(formatDateTime(date.getTime())).toBe(
      date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatDateTime(instant, 'en')).toBe(
      date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(formatTimestamp(instant)).toBe(
      date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }),
    );
    expect(formatClock(date)).toBe(date.toLocaleTimeString(undefined, { timeStyle: 'medium' }));
  });

  it('show a value that is no date as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatCalendarDay('2026-13-45')).toBe('2026-13-45');
  });

  it('keep a calendar day on its day, whatever the reader’s zone', () => {
    expect(formatCalendarDay('2026-11-24', 'short', 'en')).toBe('Nov 24');
    expect(formatCalendarDay('2026-11-24', 'long', 'en')).toBe('Nov 24, 2026');
    expect(formatCalendarDay('2026-11-01', 'month', 'en')).toBe('Nov 2026');
  });

  it('write an all-day event’s day without a time, and a timed one with it', () => {
    const start = new Date('2026-11-24T00:00:00Z');
    expect(formatWeekdayDate(start, { isAllDay: true })).toBe(
      start.toLocaleDateString(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }),
    );
    expect(formatWeekdayDate(start, { isAllDay: false })).toMatch(/\d/);
    expect(formatWeekdayDate(start, { isAllDay: false })).not.toBe(
      formatWeekdayDate(start, { isAllDay: true }),
    );
  });
});

describe('numbers', () => {
  it('are grouped, with at most one decimal', () => {
    expect(formatNumber(1234.56, 'en')).toBe('1,234.6');
    expect(formatNumber(3, 'en')).toBe('3');
  });
});
