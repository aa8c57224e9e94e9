// /api/nfc/*: the public side of a card (lookup, vCard, page events); /api/admin/cards: issuing cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CardEventRequestSchema,
  CardLookupErrorSchema,
  IssueCardsRequestSchema,
  IssueCardsResponseSchema,
  NfcUidParamsSchema,
  PublicCardSchema,
} from '../../../contract/card';
import { perMinute } from '../../rate-limits';
import { cardsToCsv, cardUrl } from './csv';
import { lookUpCard } from './lookup';
import { insertCardEvent, issueCards, listCards } from './queries';
import { toVCard, vCardFileName } from './vcard';

export const publicCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nfcUID',
    {
      schema: { params: NfcUidParamsSchema, response: { 200: PublicCardSchema, 404: CardLookupErrorSchema } },
    },
    async (request, reply) => {
      const found = await lookUpCard(app.ctx.db, request.params.nfcUID);
      return 'card' in found ? found.card : reply.code(404).send(found.error);
    },
  );

  app.get('/:nfcUID/vcard', { schema: { params: NfcUidParamsSchema } }, async (request, reply) => {
    const found = await lookUpCard(app.ctx.db, request.params.nfcUID);
    if ('error' in found) return reply.code(404).send(found.error);
    const fileName = vCardFileName(found.card.name);
    return reply
      .header('Content-Type', 'text/vcard; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(toVCard(found.card));
  });

  app.post(
    '/:nfcUID/events',
    {
      schema: { params: NfcUidParamsSchema, body: CardEventRequestSchema },
      config: perMinute(60),
    },
    async (request, reply) => {
      const found = await lookUpCard(app.ctx.db, request.params.nfcUID);
      if ('error' in found) return reply.code(404).send(found.error);
      await insertCardEvent(app.ctx.db, {
        nfcUid: found.card.nfcUID,
        cardOwnerId: found.card.userId,
        type: request.body.type,
        link: request.body.link ?? null,
        referrer: request.body.referrer,
        isMobile: /Mobi|Android/i.test(request.headers['user-agent'] ?? ''),
      });
      return reply.code(204).send();
    },
  );
};

/** Registered inside the admin area, behind the admin token. */
export const adminCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cards',
    { schema: { body: IssueCardsRequestSchema, response: { 201: IssueCardsResponseSchema } } },
    async (request, reply) => {
      const ids = await issueCards(app.ctx.db, request.body.count);
      const cards = ids.map((nfcUID) => ({ nfcUID, url: cardUrl(app.ctx.config.publicUrl, nfcUID) }));
      return reply.code(201).send({ cards });
    },
  );

  // For the NFC encoder: one row per card with the URL to write onto its tag.
  app.get('/cards/export', async (_, reply) => {
    const csv = cardsToCsv(await listCards(app.ctx.db), app.ctx.config.publicUrl);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="tapnet-cards.csv"')
      .send(csv);
  });
};
