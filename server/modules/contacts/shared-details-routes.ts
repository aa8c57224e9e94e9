// /api/nfc/:nfcUID/share-details: a visitor of a public card shares their details with its owner.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShareDetailsEndpoint } from '../../../contract/shared-details';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { shareDetails } from './shared-details';

export const sharedDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    ShareDetailsEndpoint,
    async (request, reply) =>
      reply.code(201).send(await shareDetails(app.ctx, request.params.nfcUID, request.body)),
    // After a talk, a room behind the venue's one address shares with the speaker at once: sixty a
    // minute for one card from one address, twice that for all cards; the card's own hourly limit
    // (shared-details.ts) holds whatever the addresses.
    { config: perMinute({ perAddress: 120, perCardAndAddress: 60, perAccount: 60 }) },
  );
};
