// /api/invitations: invitations addressed to the signed-in member (spec §7 Invitations).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  ListInvitationsEndpoint,
} from '../../../contract/invitations';
import { memberOf } from '../../platform/guards';
import { runOnce } from '../../platform/idempotency';
import { route } from '../../platform/route';
import { listInvitationsTo } from './invitation-queries';
import { acceptInvitation, denyInvitation } from './invitations';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ListInvitationsEndpoint, async (request) =>
    listInvitationsTo(app.ctx.db, memberOf(request).userId),
  );

  /** Answers a device queued offline are replayed with their Idempotency-Key: the first answer again. */
  async function answerOnce(
    reply: FastifyReply,
    { userId, key, invitationId }: { userId: string; key: string | undefined; invitationId: string },
    [kind, answer]: ['accept' | 'deny', typeof acceptInvitation],
  ) {
    const scope = { userId, key, request: { answer: kind, invitationId } };
    const response = await runOnce(app.ctx.db, scope, async (trx) => ({
      statusCode: 200,
      body: await answer(trx, userId, invitationId),
    }));
    return reply.code(response.statusCode).send(response.body);
  }

  for (const [endpoint, kind, answer] of [
    [AcceptInvitationEndpoint, 'accept', acceptInvitation],
    [DenyInvitationEndpoint, 'deny', denyInvitation],
  ] as const) {
    route(
      app,
      endpoint,
      async (request, reply) =>
        answerOnce(
          reply,
          {
            userId: memberOf(request).userId,
            key: request.headers['idempotency-key'],
            invitationId: request.params.id,
          },
          [kind, answer],
        ),
      { isResponseChecked: false },
    );
  }
};
