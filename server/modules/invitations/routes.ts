// /api/invitations: invitations addressed to the signed-in member (spec §7 Invitations).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../contract/errors';
import { InvitationIdParamsSchema, InvitationListSchema } from '../../../contract/invitations';
import { authenticateMember, memberOf } from '../auth/guards';
import { listInvitationsTo } from './queries';
import { acceptInvitation, denyInvitation } from './service';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateMember);

  app.get('/', { schema: { response: { 200: InvitationListSchema } } }, async (request) =>
    listInvitationsTo(app.ctx.db, memberOf(request).userId),
  );

  app.post(
    '/:id/accept',
    { schema: { params: InvitationIdParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => acceptInvitation(app.ctx.db, memberOf(request).userId, request.params.id),
  );

  app.delete(
    '/:id',
    { schema: { params: InvitationIdParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => denyInvitation(app.ctx.db, memberOf(request).userId, request.params.id),
  );
};
