// /api/admin/login and /api/security/login: separate sign-ins whose tokens only their own area accepts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OperatorEndpoints, type OperatorRole } from '../../../contract/operators';
import { perMinute } from '../../rate-limits';
import { route } from '../../route';
import { addressKeyOf } from '../../security/identity';
import { authenticateOperator, operatorOf } from '../auth/guards';
import { AuthService } from '../auth/service';

/** An operator area: its public sign-in, and `areaRoutes` behind that role's token. */
export function operatorRoutes(
  role: OperatorRole,
  areaRoutes: FastifyPluginAsyncZod[] = [],
): FastifyPluginAsyncZod {
  const endpoints = OperatorEndpoints[role];
  return async (app) => {
    const auth = new AuthService(app.ctx);

    route(
      app,
      endpoints.login,
      async (request) => ({
        token: await auth.operatorLogin(
          request.body.email,
          request.body.password,
          role,
          addressKeyOf(request),
        ),
      }),
      { config: perMinute(20) },
    );

    await app.register(async (area) => {
      area.addHook('onRequest', authenticateOperator(role));
      route(area, endpoints.session, async (request) => ({ id: operatorOf(request), role }));
      for (const routes of areaRoutes) await area.register(routes);
    });
  };
}
