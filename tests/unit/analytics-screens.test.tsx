// The analytics screens' own logic: how figures read, the custom range's Apply rule (spec §5), and
// which range each cached copy holds (spec §4: 15 minutes, one copy per range). The server is a stubbed
// fetch answering through the app's API client.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CUSTOM_RANGE_MESSAGES } from '../../contract/analytics';
import {
  ANALYTICS_LIFETIME_MS,
  analyticsSummaryResource,
  userAnalyticsResource,
} from '../../src/api/analytics';
import { ApiError } from '../../src/api/client';
import { defineCachedResource, loadCachedResource } from '../../src/db/cached-resources';
import { db } from '../../src/db/tapnet-db';
import { ANALYTICS_MESSAGES } from '../../src/features/analytics/analytics-messages';
import { CustomRangeForm } from '../../src/features/analytics/custom-range-form';
import { countOf, formatAverage, formatTrend, previousLine } from '../../src/features/analytics/figures';
import { ResourceView } from '../../src/features/analytics/resource-view';
import { lastDays, sampleDay } from '../../src/features/analytics/sample-data';
import { StorageKeys } from '../../src/session/storage-keys';
import { tokenExpiringIn } from './helpers';
import { pageRoot } from './page-root';

describe('figures', () => {
  it('says a count with its noun, and a tiny average as under 0.1 rather than 0', () => {
    expect(countOf(1, 'contact')).toBe('1 contact');
    expect(countOf(3, 'contact save')).toBe('3 contact saves');
    expect(formatAverage(0, 8)).toBe('under 0.1');
    expect(formatAverage(0, 0)).toBe('0');
    expect(formatAverage(1.5, 45)).toBe('1.5');
  });

  it('reads a trend as a signed percentage, and "New" when the previous period had nothing', () => {
    expect(formatTrend('new')).toBe('New');
    expect(formatTrend(25)).toBe('+25%');
    expect(formatTrend(-12.5)).toBe('−12.5%');
    expect(formatTrend(0)).toBe('No change');
  });

  it('names the previous period by its length', () => {
    const period = { startDate: '2026-11-11', endDate: '2026-11-17', days: 7, timezone: 'UTC' };
    expect(previousLine(period, 4)).toBe('Previous 7 days: 4');
    expect(previousLine(period, '75%')).toBe('Previous 7 days: 75%');
  });
});

describe('the sample dashboard', () => {
  it('shows the last N days up to today and the same numbers for the same day', () => {
    expect(lastDays('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(sampleDay('2026-11-24')).toEqual(sampleDay('2026-11-24'));
    expect(sampleDay('2026-11-24').saves).toBeLessThanOrEqual(sampleDay('2026-11-24').views);
  });
});

describe('CustomRangeForm', () => {
  const page = pageRoot();
  let container: HTMLElement;
  const applied: unknown[] = [];

  beforeEach(() => {
    applied.length = 0;
    container = page.draw(<CustomRangeForm onApply={(range) => applied.push(range)} />);
  });

  function setDate(label: string, value: string) {
    const input = [...container.querySelectorAll('label')].find((element) => element.textContent === label)
      ?.control as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  const apply = () => container.querySelector<HTMLButtonElement>('button[type="submit"]');

  it('enables Apply only once both dates are set', () => {
    expect(apply()?.disabled).toBe(true);
    setDate('Start date', '2026-11-01');
    expect(apply()?.disabled).toBe(true);
    setDate('End date', '2026-11-24');
    expect(apply()?.disabled).toBe(false);
    act(() => apply()?.click());
    expect(applied).toEqual([{ startDate: '2026-11-01', endDate: '2026-11-24' }]);
  });

  it('refuses a start after the end, saying why', () => {
    setDate('Start date', '2026-11-24');
    setDate('End date', '2026-11-01');
    act(() => apply()?.click());
    expect(applied).toEqual([]);
    expect(container.textContent).toContain(CUSTOM_RANGE_MESSAGES.startAfterEnd);
  });

  it('refuses what the server would refuse, before asking it: a range over three years, or before 2000', () => {
    setDate('Start date', '2020-01-01');
    setDate('End date', '2026-11-01');
    act(() => apply()?.click());
    expect(container.textContent).toContain(CUSTOM_RANGE_MESSAGES.tooLong);
    setDate('Start date', '1999-12-31');
    setDate('End date', '2000-01-05');
    act(() => apply()?.click());
    expect(container.textContent).toContain(CUSTOM_RANGE_MESSAGES.tooEarly);
    expect(applied).toEqual([]);
    setDate('Start date', '2000-01-01');
    act(() => apply()?.click());
    expect(applied).toEqual([{ startDate: '2000-01-01', endDate: '2000-01-05' }]);
    expect(container.textContent).not.toContain(CUSTOM_RANGE_MESSAGES.tooEarly);
  });
});

describe('a figure that did not load', () => {
  const page = pageRoot();

  function failedWith(error: unknown): HTMLElement {
    return page.draw(
      <ResourceView
        state={{ status: 'failed', error, retry: () => undefined }}
        loadingLabel="Loading…"
        isEmpty={() => false}
      >
        {() => 'figures'}
      </ResourceView>,
    );
  }
  const buttons = (container: HTMLElement) =>
    [...container.querySelectorAll('button')].map((b) => b.textContent);

  it('shows the server’s reason when it refused the range, without a retry that would fail again', () => {
    const refused = failedWith(
      new ApiError('Validation failed', 400, [CUSTOM_RANGE_MESSAGES.tooLong], 'VALIDATION_FAILED'),
    );
    expect(refused.textContent).toContain(ANALYTICS_MESSAGES.loadFailed);
    expect(refused.textContent).toContain(CUSTOM_RANGE_MESSAGES.tooLong);
    expect(buttons(refused)).toEqual([]);
  });

  it('offers a retry when the server could not be reached or failed, blaming the connection only when no answer came', () => {
    const cases = [
      { error: new ApiError('Failed to fetch', undefined), advice: 'Check your connection and try again.' },
      {
        error: new ApiError('Internal error', 503),
        advice: 'Tapnet could not answer just now. Try again in a moment.',
      },
    ];
    for (const { error, advice } of cases) {
      const failed = failedWith(error);
      expect(failed.textContent).toContain(ANALYTICS_MESSAGES.loadFailed);
      expect(failed.textContent).toContain(advice);
      expect(buttons(failed)).toEqual(['Try again']);
    }
  });
});

describe('analytics resources', () => {
  const asked: URL[] = [];

  beforeEach(async () => {
    asked.length = 0;
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    await db.cachedResources.clear();
    vi.stubGlobal('fetch', async (request: Request) => {
      asked.push(new URL(request.url));
      // Not an answer the contract accepts: these tests look at what was asked, not at the answer.
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('keeps one copy per range, for 15 minutes', () => {
    expect(ANALYTICS_LIFETIME_MS).toBe(15 * 60 * 1000);
    expect(userAnalyticsResource('countries', { range: '30' })).toBe(
      userAnalyticsResource('countries', { range: '30' }),
    );
    expect(userAnalyticsResource('countries', { range: '7' })).not.toBe(
      userAnalyticsResource('countries', { range: '30' }),
    );
    expect(userAnalyticsResource('companies', { range: '30' }).name).not.toBe(
      userAnalyticsResource('countries', { range: '30' }).name,
    );
    expect(analyticsSummaryResource('week').lifetimeMs).toBe(ANALYTICS_LIFETIME_MS);
  });

  it('asks for the range or the dates, in the member’s time zone', async () => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const load = (resource: Parameters<typeof loadCachedResource>[0]) =>
      loadCachedResource(resource, 'user-1', { isOwnerCurrent: () => true }).catch(() => null);
    await load(analyticsSummaryResource('quarter'));
    await load(userAnalyticsResource('engagement', { startDate: '2026-01-01', endDate: '2026-02-01' }));
    expect(asked.map((url) => [url.pathname, Object.fromEntries(url.searchParams)])).toEqual([
      ['/api/insights/analytics-summary', { range: 'quarter', timezone }],
      ['/api/user-analytics/engagement', { startDate: '2026-01-01', endDate: '2026-02-01', timezone }],
    ]);
  });
});

describe('Refresh', () => {
  it('asks the server again while the copy is within its lifetime; a plain load does not', async () => {
    await db.cachedResources.clear();
    let fetches = 0;
    const counted = defineCachedResource({
      name: 'refresh-test',
      schema: z.number(),
      lifetimeMs: ANALYTICS_LIFETIME_MS,
      fetch: async () => ({ status: 'changed', value: ++fetches, etag: null }),
    });
    const options = { isOwnerCurrent: () => true };
    expect((await loadCachedResource(counted, 'user-1', options)).value).toBe(1);
    expect((await loadCachedResource(counted, 'user-1', options)).value).toBe(1);
    expect((await loadCachedResource(counted, 'user-1', { ...options, isForced: true })).value).toBe(2);
  });
});
