// Shared by the insights server tests: an app whose feeds are fetched only when a test says so.
import { afterAll, beforeAll, describe } from 'vitest';
import { refreshFeeds } from '../../server/modules/insights/feeds/refresh-feeds';
import { bearer, databaseKinds, json, startTestApp, type TestContext } from './helpers';

export type Json = Record<string, unknown>;

/** Runs `suite` once per database on an app with `env`, whose feed schedule is off. */
export function describeInsights(
  title: string,
  env: () => Record<string, string>,
  suite: (t: () => TestContext) => void,
): void {
  describe.each(databaseKinds)(`${title} ($name)`, (kind) => {
    let context: (TestContext & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      context = await startTestApp(kind, { FEED_REFRESH_MINUTES: '0', ...env() });
    });
    afterAll(async () => {
      await context?.close();
    });
    suite(() => {
      if (!context) throw new Error('test app not started');
      return context;
    });
  });
}

/** One pass of the feed schedule, now (the sample set when the app has no feeds configured). */
export function fetchFeedsNow(t: TestContext, now = new Date()) {
  return refreshFeeds({ db: t.app.ctx.db, config: t.app.ctx.config.insights }, now);
}

export function insightCalls(t: () => TestContext) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  return {
    call,
    getPreferences: (token: string) => call('GET', '/api/user/insight-preferences', token),
    savePreferences: (token: string, preferences: unknown) =>
      call('POST', '/api/user/insight-preferences', token, preferences),
    newsSummary: (token: string, body: Json = {}, force = false) =>
      call('POST', `/api/insights/news-summary${force ? '?force=true' : ''}`, token, body),
    eventsSummary: (token: string, body: Json = {}, force = false) =>
      call('POST', `/api/insights/events-summary${force ? '?force=true' : ''}`, token, body),
    newsDetail: (token: string, body: Json) => call('POST', '/api/insights/news-detail', token, body),
    json,
  };
}
