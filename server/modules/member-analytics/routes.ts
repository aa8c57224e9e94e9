// /api/insights/analytics-summary and /api/user-analytics/*: the signed-in member's own analytics.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsSummaryEndpoint,
  TIMEZONE_MESSAGE,
  UserAnalyticsEndpoints,
} from '../../../contract/analytics';
import { toCsv } from '../../platform/csv';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { analyticsFileName, analyticsTable } from './export-table';
import { userAnalyticsPeriod } from './period';
import type { Periods } from './queries';
import {
  analyticsSummary,
  companiesAnalytics,
  conversionAnalytics,
  countriesAnalytics,
  engagementAnalytics,
  geographicalAnalytics,
  industriesAnalytics,
  periodsOf,
} from './service';

/** PostgreSQL's "invalid parameter value", which it answers for a time zone it does not know. */
const INVALID_PARAMETER_VALUE = '22023';

/**
 * The zone was checked against the runtime's list (contract); PostgreSQL keeps its own, and the rare
 * name only one of them knows is still the caller's mistake, not the server's.
 */
async function inKnownTimeZone<T>(compute: () => Promise<T>): Promise<T> {
  try {
    return await compute();
  } catch (error) {
    const isUnknownZone =
      (error as { code?: unknown }).code === INVALID_PARAMETER_VALUE && /time zone/i.test(String(error));
    if (isUnknownZone) throw new HttpError('VALIDATION_FAILED', TIMEZONE_MESSAGE, { cause: error });
    throw error;
  }
}

export const memberAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  route(app, AnalyticsSummaryEndpoint, (request) =>
    inKnownTimeZone(() => analyticsSummary(db, memberOf(request).userId, request.query, new Date())),
  );

  /** The figures of `compute` for the member who asks, over the period their query names. */
  const figuresFor = <Answer>(
    request: FastifyRequest & { query: Parameters<typeof userAnalyticsPeriod>[0] },
    compute: (database: typeof db, ownerId: string, periods: Periods) => Promise<Answer>,
  ) =>
    inKnownTimeZone(() =>
      compute(db, memberOf(request).userId, periodsOf(userAnalyticsPeriod(request.query, new Date()))),
    );

  route(app, UserAnalyticsEndpoints.countries, (request) => figuresFor(request, countriesAnalytics));
  route(app, UserAnalyticsEndpoints.companies, (request) => figuresFor(request, companiesAnalytics));
  route(app, UserAnalyticsEndpoints.industries, (request) => figuresFor(request, industriesAnalytics));
  route(app, UserAnalyticsEndpoints.engagement, (request) => figuresFor(request, engagementAnalytics));
  route(app, UserAnalyticsEndpoints.conversion, (request) => figuresFor(request, conversionAnalytics));
  route(app, UserAnalyticsEndpoints.geographical, (request) => figuresFor(request, geographicalAnalytics));

  route(app, UserAnalyticsEndpoints.export, async (request, reply) => {
    const { type } = request.query;
    const periods = periodsOf(userAnalyticsPeriod(request.query, new Date()));
    const table = await inKnownTimeZone(() => analyticsTable(db, memberOf(request).userId, type, periods));
    return (
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${analyticsFileName(type, periods.current)}"`)
        .header('Cache-Control', 'no-store')
        // The byte order mark makes spreadsheet programs read the file as UTF-8.
        .send(`\uFEFF${toCsv(table.header, table.rows)}`)
    );
  });
};
