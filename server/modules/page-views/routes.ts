// POST /api/analytics/page-view: the shell reports each navigation; nothing identifies the visitor.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RecordPageViewEndpoint } from '../../../contract/page-views';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';

/** Drops the query and the reset token a path may carry: page views must not keep secrets. */
function withoutSecrets(path: string): string {
  return path.replace(/[?#].*/, '').replace(/^\/reset-password\/.*/, '/reset-password');
}

export const pageViewRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    RecordPageViewEndpoint,
    async (request, reply) => {
      await app.ctx.db
        .insertInto('page_views')
        .values({ path: withoutSecrets(request.body.path) })
        .execute();
      return reply.code(204).send();
    },
    { config: perMinute(120) },
  );
};
