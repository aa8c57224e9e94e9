// Health for load balancers, orchestrators and uptime checks: /api/health and /api/health/ready say
// whether this process can serve (database, disk); /api/health/live only that it is alive.
import { statfs } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '../../../contract/health';
import { HealthEndpoint, LivenessEndpoint, ReadinessEndpoint } from '../../../contract/health';
import { route } from '../../platform/route';

/**
 * Free space of the embedded database's directory against the configured floor. A full disk fails
 * inserts while reads and logins still work (security review 3.4), so "the database answers" is not
 * enough.
 */
async function storageState(dataDir: string, minFreeBytes: number): Promise<HealthResponse['storage']> {
  try {
    const stats = await statfs(dataDir);
    return stats.bavail * stats.bsize < minFreeBytes ? 'low' : 'ok';
  } catch {
    // The directory went away under us: the database check above speaks for it.
    return undefined;
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataDir } = app.ctx;
  const readiness = async (_: unknown, reply: FastifyReply) => {
    if (!(await app.ctx.isDatabaseReachable())) {
      return reply.code(503).send({ status: 'error', database: 'disconnected' });
    }
    const storage = dataDir ? await storageState(dataDir, app.ctx.config.healthMinFreeBytes) : undefined;
    if (storage === 'low')
      return reply.code(503).send({ status: 'degraded', database: 'connected', storage });
    return reply.send({ status: 'ok', database: 'connected', ...(storage ? { storage } : {}) });
  };
  route(app, HealthEndpoint, readiness);
  route(app, ReadinessEndpoint, readiness);
  route(app, LivenessEndpoint, async () => ({ status: 'alive' as const }));
};
