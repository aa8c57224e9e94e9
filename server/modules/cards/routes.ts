// /api/nfc/*: the public side of a card (lookup, vCard, page events); /api/admin/cards: issuing cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DownloadCardVCardEndpoint,
  ExportCardsEndpoint,
  IssueCardsEndpoint,
  LookUpCardEndpoint,
  RecordCardEventEndpoint,
  RegisterSecureCardsEndpoint,
} from '../../../contract/card';
import { HttpError } from '../../platform/errors';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { toVCard, vCardFileName } from '../../platform/vcard';
import { cardsToCsv, cardUrl } from './csv';
import { type CardLookup, lookUpCard } from './lookup';
import { insertCardEvent, issueCards, listCards } from './queries';
import { registerSecureCards, secureCardUrl } from './secure-cards';
import { tapProofOf } from './secure-taps';
import { verifyTap } from './verified-taps';

/** The card behind a lookup, or the 404 that says whether it is unclaimed or unknown. */
function cardOf(found: CardLookup) {
  if ('error' in found) throw new HttpError(found.error.code, found.error.error);
  return found.card;
}

export const publicCardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, LookUpCardEndpoint, async (request) => {
    const card = cardOf(await lookUpCard(app.ctx.db, request.params.nfcUID));
    const tap = await verifyTap(request, app.ctx.db, card.nfcUID, tapProofOf(request.query));
    return { ...card, tap };
  });

  route(app, DownloadCardVCardEndpoint, async (request, reply) => {
    const card = cardOf(await lookUpCard(app.ctx.db, request.params.nfcUID));
    return reply
      .header('Content-Type', 'text/vcard; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${vCardFileName(card.name)}"`)
      .header('Cache-Control', 'no-store')
      .send(toVCard(card));
  });

  route(
    app,
    RecordCardEventEndpoint,
    async (request, reply) => {
      const card = cardOf(await lookUpCard(app.ctx.db, request.params.nfcUID));
      await insertCardEvent(app.ctx.db, {
        nfcUid: card.nfcUID,
        cardOwnerId: card.userId,
        type: request.body.type,
        link: request.body.link ?? null,
        referrer: request.body.referrer,
        // A tap is an NFC opening by definition; pages built before sources existed send none.
        source: request.body.source ?? (request.body.type === 'tap' ? 'nfc' : 'other'),
        isMobile: /Mobi|Android/i.test(request.headers['user-agent'] ?? ''),
      });
      return reply.code(204).send();
    },
    // 10,000 taps a minute from one venue address are a busy show, not an attack (bench/venue.ts);
    // one card's own budget per address keeps one page from flooding its owner's figures.
    { config: perMinute({ perAddress: 20_000, perCardAndAddress: 1_000, perAccount: 600 }) },
  );
};

/** The admin's: behind the admin token, as the contract declares. */
export const adminCardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, IssueCardsEndpoint, async (request, reply) => {
    const ids = await issueCards(app.ctx.db, request.body.count);
    const cards = ids.map((nfcUID) => ({ nfcUID, url: cardUrl(app.ctx.config.publicUrl, nfcUID) }));
    return reply.code(201).send({ cards });
  });

  route(app, RegisterSecureCardsEndpoint, async (request, reply) => {
    const ids = await registerSecureCards(app.ctx.db, app.secureCardKeys, request.body.cards);
    const cards = ids.map((nfcUID) => ({ nfcUID, url: secureCardUrl(app.ctx.config.publicUrl, nfcUID) }));
    return reply.code(201).send({ cards });
  });

  // For the NFC encoder: one row per card with the URL to write onto its tag.
  route(app, ExportCardsEndpoint, async (_, reply) => {
    const csv = cardsToCsv(await listCards(app.ctx.db), app.ctx.config.publicUrl);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="tapnet-cards.csv"')
      .send(csv);
  });
};
