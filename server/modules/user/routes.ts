// /api/user/*: the signed-in member's account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountSchema } from '../../../contract/user';
import { HttpError } from '../../errors';
import { requireMember } from '../auth/guards';
import { findAccount } from './queries';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/account', { schema: { response: { 200: AccountSchema } } }, async (request) => {
    const { userId } = await requireMember(request);
    const account = await findAccount(app.ctx.db, userId);
    // A token can outlive its account by a few minutes after deletion; the client then signs out.
    if (!account) throw new HttpError(401, 'Account not found');
    return {
      _id: account.id,
      name: account.name,
      email: account.email,
      nfcUID: null,
      joined: account.created_at.toISOString(),
      businessCard: null,
    };
  });
};
