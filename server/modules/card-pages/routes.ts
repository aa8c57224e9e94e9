// /nfc/:id, /c/:handle, /display-card/:id, /my-display-card/:id: the public card, served ready to read
// (DESIGN.md §4) so a phone on a slow network sees the card before any script has run.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NfcUidParamsSchema, TapQuerySchema } from '../../../contract/card';
import { allowingStyle } from '../../platform/security-headers';
import { lookUpCard, tapProofOf, verifyTap } from '../cards';
import { accentStyleOf, type RenderCardPage, toCardPageData } from './renderer';

/** `:nfcUID` is the card's key: a Card ID, or on /c/ a member's card link handle. */
export const PUBLIC_CARD_PAGE_PATHS = [
  '/nfc/:nfcUID',
  '/c/:nfcUID',
  '/display-card/:nfcUID',
  '/my-display-card/:nfcUID',
];

export const cardPageRoutes: FastifyPluginAsyncZod<{ render: RenderCardPage }> = async (app, { render }) => {
  for (const path of PUBLIC_CARD_PAGE_PATHS) {
    app.get(
      path,
      { schema: { params: NfcUidParamsSchema, querystring: TapQuerySchema } },
      async (request, reply) => {
        const { nfcUID } = request.params;
        const found = await lookUpCard(app.ctx.db, nfcUID);
        // A secure card's tap is checked here when the page is served ready to read; the page then shows it.
        const tap =
          'card' in found
            ? await verifyTap(request, app.ctx.db, nfcUID, tapProofOf(request.query))
            : undefined;
        const data = toCardPageData(nfcUID, found, tap);
        const url = new URL(request.url, 'http://localhost');
        // A card link whose owner chose a new handle: the card lives at the new address now. Not a 301,
        // which browsers keep: the member may take the old handle back.
        if (data.kind === 'card' && data.card.nfcUID !== nfcUID) {
          return reply.redirect(url.pathname.replace(/[^/]+\/?$/, data.card.nfcUID) + url.search, 302);
        }
        const html = render(url.pathname, data);
        if (!html) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
        reply
          .code(
            data.kind === 'not-found'
              ? 404
              : data.kind === 'replaced' || data.kind === 'unavailable'
                ? 410
                : 200,
          )
          .type('text/html; charset=utf-8')
          // The card changes when its owner edits it: always revalidate.
          .header('Cache-Control', 'no-cache');
        const accent = accentStyleOf(data);
        const policy = app.securityHeaders['content-security-policy'];
        if (accent && policy) reply.header('Content-Security-Policy', allowingStyle(policy, accent.source));
        return sendCompressed(request, reply, html);
      },
    );
  }
};

/**
 * The page carries its CSS inline, so it is worth compressing: on a slow mobile link a few KB less
 * is time the card shows sooner. A fast brotli level costs well under a millisecond for one page.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('Vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
