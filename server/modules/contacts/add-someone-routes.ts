// /api/contact/add: a member adds someone who has no card, typed in or read from a paper card.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddSomeoneEndpoint } from '../../../contract/add-someone';
import { memberOf } from '../../platform/guards';
import { runOnce } from '../../platform/idempotency';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { addSomeone } from './add-someone';

export const addSomeoneRoutes: FastifyPluginAsyncZod = async (app) => {
  // Answers are replayed verbatim for a repeated Idempotency-Key, so the response is not re-validated here.
  route(
    app,
    AddSomeoneEndpoint,
    async (request, reply) => {
      const { userId } = memberOf(request);
      const key = request.headers['idempotency-key'];
      const response = await runOnce(app.ctx.db, { userId, key, request: request.body }, (trx) =>
        addSomeone(trx, userId, request.body),
      );
      return reply
        .code(response.statusCode)
        .headers(response.headers ?? {})
        .send(response.body);
    },
    // As saves: a busy day's adds, or an outbox replayed at once, pass; a flood does not.
    { config: perMinute({ perAccount: 120, perAddress: 120 }), isResponseChecked: false },
  );
};
