// /api/nfc/:nfcUID/email-me: "E-mail me this card" on a public card page (issue 26).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailMeCardEndpoint } from '../../../contract/card-copies';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { emailMeCard } from './card-copies';

export const cardCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    EmailMeCardEndpoint,
    async (request, reply) =>
      reply.code(202).send(await emailMeCard(app.ctx, request.params.nfcUID, request.body)),
    // Sized like the share-back form's: a room behind the venue's one address asks at once. Each address
    // and each card also have their daily copies (card-sends.ts), whatever the client addresses.
    { config: perMinute({ perAddress: 120, perCardAndAddress: 60, perAccount: 60 }) },
  );
};
