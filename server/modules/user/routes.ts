// /api/user/*: the signed-in member's account, business card and card link.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessCardSchema, UpdateProfileRequestSchema } from '../../../contract/card';
import { AccountSchema } from '../../../contract/user';
import { authenticateMember, memberOf } from '../auth/guards';
import { getAccount, saveBusinessCard, updateProfile } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateMember);

  app.get('/account', { schema: { response: { 200: AccountSchema } } }, async (request) => {
    const { userId } = memberOf(request);
    return getAccount(app.ctx.db, userId);
  });

  app.post(
    '/updateBusinessCard',
    { schema: { body: BusinessCardSchema, response: { 200: AccountSchema } } },
    async (request) => {
      const { userId } = memberOf(request);
      return saveBusinessCard(app.ctx.db, userId, request.body);
    },
  );

  app.post(
    '/updateProfile',
    { schema: { body: UpdateProfileRequestSchema, response: { 200: AccountSchema } } },
    async (request) => {
      const { userId } = memberOf(request);
      return updateProfile(app.ctx.db, userId, request.body);
    },
  );
};
