// /api/contact/*: the signed-in member's contacts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateContactRequestSchema, IdempotencyKeySchema } from '../../../contract/contacts';
import { runOnce } from '../../idempotency';
import { authenticateMember, memberOf } from '../auth/guards';
import { saveContactFromCard } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateMember);

  // Answers are replayed verbatim for a repeated Idempotency-Key, so the response is not re-validated here.
  app.post(
    '/create',
    {
      schema: {
        body: CreateContactRequestSchema,
        headers: z.looseObject({ 'idempotency-key': IdempotencyKeySchema.optional() }),
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
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
