// /api/security/*: the dashboard, unblocking, and the operator tools. Registered inside the security
// area (operators/routes.ts), so every route here already required a security operator's token.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SecurityEndpoints } from '../../../contract/security';
import { HttpError } from '../../platform/errors';
import { operatorOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { normalizeAddress } from '../../platform/security/address';
import { buildDashboard } from './dashboard';
import { SecurityOperations } from './operations';

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const operations = new SecurityOperations(app.ctx, app.security);

  async function actor(request: FastifyRequest) {
    return { email: await operations.emailOf(operatorOf(request)), ipAddress: normalizeAddress(request.ip) };
  }

  route(app, SecurityEndpoints.dashboard, async () => ({
    data: await buildDashboard(app.ctx, app.security),
  }));

  route(app, SecurityEndpoints.unblockIp, async (request) => {
    const ipAddress = normalizeAddress(request.body.ipAddress);
    await operations.unblock(ipAddress, request.body.reason, await actor(request));
    return { message: `IP ${ipAddress} unblocked successfully`, ipAddress };
  });

  route(app, SecurityEndpoints.listBlocks, async () => operations.blocks());

  route(app, SecurityEndpoints.blockDetails, async (request) => {
    const details = await operations.blockDetails(normalizeAddress(request.params.ipAddress));
    if (!details) throw new HttpError('IP_NOT_BLOCKED', 'This address is not blocked');
    return details;
  });

  route(app, SecurityEndpoints.manualBlock, async (request, reply) => {
    const block = await operations.block(request.body, await actor(request));
    return reply.code(201).send(block);
  });

  route(app, SecurityEndpoints.listAllowlist, async () => operations.allowlist());

  route(app, SecurityEndpoints.addAllowlistEntry, async (request, reply) => {
    const entry = await operations.allow(request.body, await actor(request));
    return reply.code(201).send(entry);
  });

  route(app, SecurityEndpoints.removeAllowlistEntry, async (request) => {
    await operations.disallow(request.params.id, await actor(request));
    return { message: 'Allowlist entry removed' };
  });

  route(app, SecurityEndpoints.listRules, async () => operations.rules());

  route(app, SecurityEndpoints.setRuleMode, async (request) =>
    operations.setMode(request.params.ruleId, request.body.mode, await actor(request)),
  );

  route(app, SecurityEndpoints.auditLog, async (request) => operations.audit(request.query.limit));

  route(app, SecurityEndpoints.exportEvents, async (request, reply) => {
    const { from, to } = request.query;
    const csv = await operations.exportEvents(new Date(from), new Date(to), await actor(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="security-events-${from.slice(0, 10)}-${to.slice(0, 10)}.csv"`,
      )
      .send(csv);
  });
};
