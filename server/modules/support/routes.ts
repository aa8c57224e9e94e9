// /api/admin/support/…: the admin's support tools (contract/support.ts), each action by the signed-in
// admin, whose e-mail and address the audit line keeps.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportEndpoints } from '../../../contract/support';
import { operatorOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { addressKeyOf } from '../../platform/security/identity';
import { AuthService, findUserById } from '../auth';
import { type Operator, SupportService } from './service';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = new SupportService(app.ctx, new AuthService(app.ctx));

  async function operator(request: FastifyRequest): Promise<Operator> {
    const account = await findUserById(app.ctx.db, operatorOf(request));
    return { email: account?.email ?? 'unknown operator', ipAddress: addressKeyOf(request) };
  }

  route(app, SupportEndpoints.findMember, async (request) => support.find(request.query.query));

  route(
    app,
    SupportEndpoints.resendCode,
    async (request) =>
      support.resendCode(request.params.userId, request.body.reason, await operator(request)),
    // Each call may send a mail: bounded like the member's own resend.
    { config: perMinute(20) },
  );

  route(app, SupportEndpoints.unlinkCard, async (request) =>
    support.unlinkCard(request.params.userId, request.body.reason, await operator(request)),
  );

  route(app, SupportEndpoints.replaceCard, async (request) =>
    support.replaceCard(request.params.userId, request.body, await operator(request)),
  );

  route(app, SupportEndpoints.disable, async (request) =>
    support.disable(request.params.userId, request.body.reason, await operator(request)),
  );

  route(app, SupportEndpoints.enable, async (request) =>
    support.enable(request.params.userId, request.body.reason, await operator(request)),
  );
};
