// /api/invitations: invitations addressed to the signed-in member (spec §7 Invitations).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationEndpoint,
  DenyInvitationEndpoint,
  ListInvitationsEndpoint,
} from '../../../contract/invitations';
import { memberOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { listInvitationsTo } from './invitation-queries';
import { acceptInvitation, denyInvitation } from './invitations';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ListInvitationsEndpoint, async (request) =>
    listInvitationsTo(app.ctx.db, memberOf(request).userId),
  );

  route(app, AcceptInvitationEndpoint, async (request) =>
    acceptInvitation(app.ctx.db, memberOf(request).userId, request.params.id),
  );

  route(app, DenyInvitationEndpoint, async (request) =>
    denyInvitation(app.ctx.db, memberOf(request).userId, request.params.id),
  );
};
