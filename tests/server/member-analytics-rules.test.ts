// The date-range rule, the arithmetic and the CSV formula guard of member analytics, apart from SQL.
import { describe, expect, it } from 'vitest';
import { CARD_SOURCE_PARAM, withCardSource } from '../../contract/card-paths';
import {
  activityBuckets,
  isoWeekOf,
  peakDayOf,
  peakWeekdayOf,
  percentOf,
  perWeek,
  trendOf,
} from '../../server/modules/member-analytics/figures';
import {
  hasWholeHourDays,
  previousPeriod,
  summaryPeriod,
  userAnalyticsPeriod,
} from '../../server/modules/member-analytics/period';
import { formulaSafe } from '../../server/platform/csv';

const at = (iso: string) => new Date(iso);

describe('periods', () => {
  it('ends on the member’s today, which may already be tomorrow in UTC', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Tokyo.
    const now = at('2025-12-31T23:30:00Z');
    expect(summaryPeriod('week', 'UTC', now)).toEqual({
      startDate: '2025-12-25',
      endDate: '2025-12-31',
      days: 7,
      timezone: 'UTC',
    });
    expect(summaryPeriod('week', 'Asia/Tokyo', now)).toMatchObject({
      startDate: '2025-12-26',
      endDate: '2026-01-01',
    });
  });

  it('makes year to date one day long on New Year’s Day and follows leap years', () => {
    expect(userAnalyticsPeriod({ range: 'ytd', timezone: 'UTC' }, at('2026-01-01T08:00:00Z'))).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-01',
      days: 1,
    });
    expect(userAnalyticsPeriod({ range: 'ytd', timezone: 'UTC' }, at('2028-03-01T08:00:00Z')).days).toBe(61);
    expect(summaryPeriod('year', 'UTC', at('2028-12-31T08:00:00Z')).startDate).toBe('2028-01-02');
  });

  it('sets the previous period just before, as long, across a year boundary', () => {
    const current = userAnalyticsPeriod(
      { startDate: '2026-01-01', endDate: '2026-01-10', timezone: 'UTC' },
      at('2026-06-01T00:00:00Z'),
    );
    expect(previousPeriod(current)).toEqual({
      startDate: '2025-12-22',
      endDate: '2025-12-31',
      days: 10,
      timezone: 'UTC',
    });
  });

  it('knows where local days are whole UTC hours', () => {
    const period = (timezone: string) => ({
      startDate: '2026-03-01',
      endDate: '2026-04-01',
      days: 32,
      timezone,
    });
    expect(hasWholeHourDays(period('UTC'))).toBe(true);
    expect(hasWholeHourDays(period('Europe/Paris'))).toBe(true);
    expect(hasWholeHourDays(period('America/Los_Angeles'))).toBe(true);
    expect(hasWholeHourDays(period('Asia/Kolkata'))).toBe(false);
    expect(hasWholeHourDays(period('Asia/Kathmandu'))).toBe(false);
    expect(hasWholeHourDays(period('America/St_Johns'))).toBe(false);
    // Lord Howe Island is UTC+11 in its summer and UTC+10:30 in its winter (from early April).
    expect(hasWholeHourDays({ ...period('Australia/Lord_Howe'), endDate: '2026-04-30', days: 61 })).toBe(
      false,
    );
    expect(
      hasWholeHourDays({ ...period('Australia/Lord_Howe'), startDate: '2026-01-01', endDate: '2026-02-01' }),
    ).toBe(true);
    const summerToSummer = { startDate: '2025-11-01', endDate: '2026-12-01', days: 396 };
    expect(hasWholeHourDays({ ...period('Australia/Lord_Howe'), ...summerToSummer })).toBe(false);
  });
});

describe('figures', () => {
  it('never divides by zero', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(5, 0)).toBe(0);
    expect(trendOf(3, 1)).toBe(200);
    expect(trendOf(1, 4)).toBe(-75);
    expect(trendOf(2, 0)).toBe('new');
    expect(trendOf(0, 0)).toBe(0);
    expect(perWeek(3, 30)).toBe(0.7);
  });

  it('finds the peak day and weekday, earliest on a tie, none on an empty range', () => {
    const days = [
      { date: '2026-03-02', count: 2 }, // Monday
      { date: '2026-03-03', count: 3 }, // Tuesday
      { date: '2026-03-09', count: 3 }, // Monday
    ];
    expect(peakDayOf(days)).toEqual({ date: '2026-03-03', count: 3 });
    expect(peakWeekdayOf(days)).toBe('Monday');
    expect(peakDayOf([{ date: '2026-03-02', count: 0 }])).toBeNull();
    expect(peakWeekdayOf([{ date: '2026-03-02', count: 0 }])).toBeNull();
  });

  it('numbers ISO weeks across New Year', () => {
    expect(isoWeekOf('2025-12-29')).toEqual({ year: 2026, week: 1, month: 1 });
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53, month: 12 });
    expect(isoWeekOf('2026-03-11')).toEqual({ year: 2026, week: 11, month: 3 });
  });

  it('gathers days into weekly bars cut at the range ends, beside the same days one period earlier', () => {
    const dates = ['2025-12-27', '2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01'];
    const current = dates.map((date, index) => ({ date, count: index }));
    const previous = dates.map((date) => ({ date, count: 1 }));
    expect(activityBuckets(current, previous, 'week')).toEqual([
      {
        _id: { year: 2025, week: 52, month: 12 },
        count: 1,
        previousCount: 2,
        startDate: '2025-12-27',
        endDate: '2025-12-28',
      },
      {
        _id: { year: 2026, week: 1, month: 1 },
        count: 14,
        previousCount: 4,
        startDate: '2025-12-29',
        endDate: '2026-01-01',
      },
    ]);
    expect(activityBuckets(current, previous, 'month').map((bar) => [bar._id, bar.count])).toEqual([
      [{ year: 2025, month: 12 }, 10],
      [{ year: 2026, month: 1 }, 5],
    ]);
  });
});

describe('CSV formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    [' =1+1', "' =1+1"],
    ['\u00a0=HYPERLINK("x")', '\'\u00a0=HYPERLINK("x")'],
    ['\t@SUM(A1)', "'\t@SUM(A1)"],
    ['\rcmd', "'\rcmd"],
    ['Notes\n=cmd|"/c calc"!A1', 'Notes\n\'=cmd|"/c calc"!A1'],
    ['a\r\n  -2+3', "a\r\n'  -2+3"],
    ['a\r+1', "a\r'+1"],
  ])('makes %j inert', (value, safe) => {
    expect(formulaSafe(value)).toBe(safe);
  });

  it.each(['+44 20 7946 0000', '-33.8688', 'Ada Lovelace', 'x=1', 'Zoë'])('leaves %j as it is', (value) => {
    expect(formulaSafe(value)).toBe(value);
  });
});

describe('card sources', () => {
  it('marks the card address for the QR code and shared links, replacing any earlier marker', () => {
    const url = 'https://tapnet.test/nfc/abc-1';
    expect(withCardSource(url, 'qr')).toBe(`${url}?${CARD_SOURCE_PARAM}=qr`);
    expect(withCardSource(`${url}?src=qr`, 'link')).toBe(`${url}?src=link`);
  });
});
