// /api/sessions/heartbeat: a visible app's "still here", so a member reading counts as online. The
// member guard records the activity; the route itself has nothing to do.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeartbeatEndpoint } from '../../../contract/sessions';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';

/** One a minute is the app's pace; a few tabs of one member share an address. */
const HEARTBEATS_PER_MINUTE = 30;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, HeartbeatEndpoint, async (_request, reply) => reply.code(204).send(), {
    config: perMinute(HEARTBEATS_PER_MINUTE),
  });
};
