// /api/contact/*: the signed-in member's contacts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactListSchema,
  CreateContactRequestSchema,
  IdempotencyKeySchema,
} from '../../../contract/contacts';
import { runOnce } from '../../idempotency';
import { perMinute } from '../../rate-limits';
import { authenticateMember, memberOf } from '../auth/guards';
import { listContacts } from './queries';
import { saveContactFromCard } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateMember);

  app.get('/', { schema: { response: { 200: ContactListSchema } } }, async (request) =>
    listContacts(app.ctx.db, memberOf(request).userId),
  );

  // Answers are replayed verbatim for a repeated Idempotency-Key, so the response is not re-validated here.
  app.post(
    '/create',
    {
      schema: {
        body: CreateContactRequestSchema,
        headers: z.looseObject({ 'idempotency-key': IdempotencyKeySchema.optional() }),
      },
      config: perMinute(60),
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const key = request.headers['idempotency-key'];
      const response = await runOnce(app.ctx.db, { userId, key }, (trx) =>
        saveContactFromCard(trx, userId, request.body),
      );
      return reply.code(response.statusCode).send(response.body);
    },
  );
};
