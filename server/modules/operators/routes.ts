// /api/admin/login and /api/security/login: separate sign-ins whose tokens only their own area accepts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OperatorLoginRequestSchema, OperatorLoginResponseSchema } from '../../../contract/operators';
import { perMinute } from '../../rate-limits';
import { authenticateOperator, operatorOf } from '../auth/guards';
import { AuthService } from '../auth/service';
import type { OperatorRole } from '../auth/tokens';

const OperatorSessionSchema = z.object({ id: z.string(), role: z.enum(['admin', 'security']) });

/** An operator area: its public sign-in, and `areaRoutes` behind that role's token. */
export function operatorRoutes(
  role: OperatorRole,
  areaRoutes: FastifyPluginAsyncZod[] = [],
): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = new AuthService(app.ctx);

    app.post(
      '/login',
      {
        schema: { body: OperatorLoginRequestSchema, response: { 200: OperatorLoginResponseSchema } },
        config: perMinute(20),
      },
      async (request) => ({
        token: await auth.operatorLogin(request.body.email, request.body.password, role),
      }),
    );

    await app.register(async (area) => {
      area.addHook('onRequest', authenticateOperator(role));
      // Lets a dashboard check that its stored token is still good before loading data.
      area.get('/session', { schema: { response: { 200: OperatorSessionSchema } } }, async (request) => ({
        id: operatorOf(request),
        role,
      }));
      for (const routes of areaRoutes) await area.register(routes);
    });
  };
}
