// /api/security/*: the dashboard, unblocking, and the operator tools. Registered inside the security
// area (operators/routes.ts), so every route here already required a security operator's token.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SecurityEndpoints } from '../../../contract/security';
import { HttpError } from '../../platform/errors';
import { operatorOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { addressKey } from '../../platform/security/address';
import { addressKeyOf } from '../../platform/security/identity';
import { buildDashboard } from './dashboard';
import { SecurityOperations } from './operations';

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const operations = new SecurityOperations(app.ctx, app.security);

  /** What blocks name: an IPv4 address, or the IPv6 network of any address in it. */
  const keyOf = (address: string) => addressKey(address, app.ctx.config.ipv6PrefixLength);

  async function actor(request: FastifyRequest) {
    return { email: await operations.emailOf(operatorOf(request)), ipAddress: addressKeyOf(request) };
  }

  route(app, SecurityEndpoints.dashboard, async (request) => ({
    data: await buildDashboard(app.ctx, app.security, addressKeyOf(request)),
  }));

  route(app, SecurityEndpoints.unblockIp, async (request) => {
    const ipAddress = keyOf(request.body.ipAddress);
    await operations.unblock(ipAddress, request.body.reason, await actor(request));
    return { message: `IP ${ipAddress} unblocked successfully`, ipAddress };
  });

  route(app, SecurityEndpoints.listBlocks, async () => operations.blocks());

  route(app, SecurityEndpoints.blockDetails, async (request) => {
    const details = await operations.blockDetails(keyOf(request.params.ipAddress));
    if (!details) throw new HttpError('IP_NOT_BLOCKED', 'This address is not blocked');
    return details;
  });

  route(app, SecurityEndpoints.manualBlock, async (request, reply) => {
    const block = await operations.block(
      { ...request.body, ipAddress: keyOf(request.body.ipAddress) },
      await actor(request),
    );
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

  /** The filters with the address as blocks name it, so an IPv6 address finds its network's events. */
  const withAddressKey = <Filter extends { address?: string | undefined }>(filter: Filter): Filter => ({
    ...filter,
    address: filter.address === undefined ? undefined : keyOf(filter.address),
  });

  route(app, SecurityEndpoints.eventLog, async (request) =>
    operations.eventLog(withAddressKey(request.query)),
  );

  route(app, SecurityEndpoints.addressReport, async (request) =>
    operations.addressReport(keyOf(request.params.ipAddress), addressKeyOf(request)),
  );

  route(app, SecurityEndpoints.exportEvents, async (request, reply) => {
    const { csv, from, to } = await operations.exportEvents(
      withAddressKey(request.query),
      await actor(request),
    );
    const day = (at: Date) => at.toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="security-events-${day(from)}-${day(to)}.csv"`)
      .send(csv);
  });
};
