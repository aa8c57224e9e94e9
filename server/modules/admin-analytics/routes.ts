// /api/admin/analytics and its CSV exports, inside the admin area (its token checked by operatorRoutes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminAnalyticsEndpoint, AdminAnalyticsExportEndpoint } from '../../../contract/admin-analytics';
import { route } from '../../platform/route';
import { analyticsTableCsv } from './csv';
import { loadAdminAnalytics } from './service';

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analyticsTimeZone, sessionRetentionDays } = app.ctx.config;

  route(app, AdminAnalyticsEndpoint, async (_request, reply) => {
    const data = await loadAdminAnalytics(app.ctx.db, { timeZone: analyticsTimeZone, sessionRetentionDays });
    // Figures about people: never kept by a shared cache.
    reply.header('Cache-Control', 'no-store');
    return { data };
  });

  route(app, AdminAnalyticsExportEndpoint, async (request, reply) => {
    const { table } = request.params;
    const csv = await analyticsTableCsv(app.ctx.db, table, analyticsTimeZone);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="tapnet-${table}.csv"`)
      .send(csv);
  });
};
