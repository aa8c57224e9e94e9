// GET /api/health: for load balancers and uptime checks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthEndpoint } from '../../../contract/health';
import { route } from '../../route';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, HealthEndpoint, async (_, reply) =>
    (await app.ctx.isDatabaseReachable())
      ? reply.send({ status: 'ok', database: 'connected' })
      : reply.code(503).send({ status: 'error', database: 'disconnected' }),
  );
};
