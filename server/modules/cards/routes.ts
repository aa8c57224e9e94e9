// /api/nfc/*: the public side of a card (lookup, vCard, QR code image, page events); /api/admin/cards: issuing cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DownloadCardVCardEndpoint,
  ExportCardsEndpoint,
  IssueCardsEndpoint,
  LookUpCardEndpoint,
  RecordCardEventEndpoint,
  RegisterSecureCardsEndpoint,
} from '../../../contract/card';
import { CardQrCodeEndpoint } from '../../../contract/card-copies';
import { HttpError } from '../../platform/errors';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { addressKeyOf } from '../../platform/security/identity';
import { toVCard, vCardFileName } from '../../platform/vcard';
import { CardEventWriter } from './card-event-writer';
import { cardQrPng } from './card-qr';
import { cardsToCsv, cardUrl } from './csv';
import { type CardLookup, lookUpCard } from './lookup';
import { issueCards, listCards } from './queries';
import { registerSecureCards, secureCardUrl } from './secure-cards';
import { isLastVerifiedTap, tapProofOf } from './secure-taps';
import { verifyTap } from './verified-taps';
import { DailySalts, isNewVisit } from './visits';

/** The card behind a lookup, or the 404 that says whether it is unclaimed or unknown. */
function cardOf(found: CardLookup) {
  if ('error' in found) throw new HttpError(found.error.code, found.error.error);
  return found.card;
}

export const publicCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const cardEvents = new CardEventWriter(app.ctx.db);
  const salts = new DailySalts(app.ctx.db);

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
    CardQrCodeEndpoint,
    async (request, reply) =>
      reply
        .header('Content-Type', 'image/png')
        // A signature's image is fetched each time a mail is opened; the link it encodes changes rarely.
        .header('Cache-Control', 'public, max-age=3600')
        .send(await cardQrPng(app.ctx, request.params.nfcUID)),
    // An image, not JSON: its bytes are what the contract's `produces` says.
    {
      config: perMinute({ perAddress: 120, perCardAndAddress: 60, perAccount: 60 }),
      isResponseChecked: false,
    },
  );

  route(
    app,
    RecordCardEventEndpoint,
    async (request, reply) => {
      const card = cardOf(await lookUpCard(app.ctx.db, request.params.nfcUID));
      const { type, visitor } = request.body;
      const link = request.body.link ?? null;
      const userAgent = request.headers['user-agent'] ?? '';
      // The owner looking at their own card (a preview, a check after editing) is nobody's visit.
      const isOwner = request.who?.account?.userId === card.userId;
      const counts =
        !isOwner &&
        (await isNewVisit(
          app.ctx.db,
          salts,
          { nfcUid: card.nfcUID, visitorId: visitor, addressKey: addressKeyOf(request), userAgent },
          { type, link },
          new Date(),
        ));
      if (counts) {
        const { tap } = request.body;
        await cardEvents.write({
          nfcUid: card.nfcUID,
          cardOwnerId: card.userId,
          type,
          link,
          referrer: request.body.referrer,
          // A tap is an NFC opening by definition; pages built before sources existed send none.
          source: request.body.source ?? (type === 'tap' ? 'nfc' : 'other'),
          isMobile: /Mobi|Android/i.test(userAgent),
          isVerifiedTap:
            type === 'tap' &&
            tap !== undefined &&
            (await isLastVerifiedTap(app.ctx.db, app.secureCardKeys.vault, card.nfcUID, tap, new Date())),
        });
      }
      // The page learns nothing from the answer: whether it counted is the owner's business.
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
