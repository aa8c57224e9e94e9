// /api/contact/mapContacts: the signed-in member's contacts that can be put on the map (spec §3 Map contact).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListMapContactsEndpoint } from '../../../contract/contacts';
import { memberOf } from '../../platform/guards';
import { route } from '../../platform/route';
import { listLocatedContacts } from './queries';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ListMapContactsEndpoint, async (request) =>
    listLocatedContacts(app.ctx.db, memberOf(request).userId),
  );
};
