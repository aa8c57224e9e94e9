// GET /api/health: for load balancers and uptime checks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../contract/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_, reply) =>
      (await app.ctx.isDatabaseReachable())
        ? reply.send({ status: 'ok', database: 'connected' })
        : reply.code(503).send({ status: 'error', database: 'disconnected' }),
  );
};
