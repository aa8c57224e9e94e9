// /api/sessions/*: a visible app's heartbeat (the member guard records the activity; the route itself has
// nothing to do), and the member's own session list with its two actions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeartbeatEndpoint, MemberSessionEndpoints } from '../../../contract/sessions';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { sessionListRoutes } from './list-routes';

/** One a minute is the app's pace; a few tabs of one member share an address. */
const HEARTBEATS_PER_MINUTE = 30;

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, HeartbeatEndpoint, async (_request, reply) => reply.code(204).send(), {
    config: perMinute(HEARTBEATS_PER_MINUTE),
  });
  sessionListRoutes(app, [MemberSessionEndpoints], 'member_sessions', memberOf);
};
