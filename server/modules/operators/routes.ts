// /api/admin/login and /api/security/login: separate sign-ins whose tokens only their own area accepts,
// and each area's session check (guarded by the role the contract declares for it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperatorEndpoints, OperatorRoleSchema } from '../../../contract/operators';
import { operatorOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { AuthService } from '../auth';

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = new AuthService(app.ctx);

  for (const role of OperatorRoleSchema.options) {
    const endpoints = OperatorEndpoints[role];
    route(
      app,
      endpoints.login,
      async (request) => ({
        token: await auth.operatorLogin(request.body.email, request.body.password, role, request.ip),
      }),
      { config: perMinute(20) },
    );
    route(app, endpoints.session, async (request) => ({ id: operatorOf(request), role }));
  }
};
