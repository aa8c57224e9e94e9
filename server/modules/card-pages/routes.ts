// /nfc/:id, /display-card/:id, /my-display-card/:id: the public card, served ready to read
// (DESIGN.md §4) so a phone on a slow network sees the card before any script has run.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NfcUidParamsSchema } from '../../../contract/card';
import { lookUpCard } from '../cards/lookup';
import { loadCardPageRenderer, toCardPageData } from './renderer';

export const PUBLIC_CARD_PAGE_PATHS = ['/nfc/:nfcUID', '/display-card/:nfcUID', '/my-display-card/:nfcUID'];

export const cardPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const render = await loadCardPageRenderer(app.ctx.config.staticDir, app.ctx.config.ssrDir);
  // Unbuilt: the not-found handler serves the shell, which renders the card in the browser.
  if (!render) return;

  for (const path of PUBLIC_CARD_PAGE_PATHS) {
    app.get(path, { schema: { params: NfcUidParamsSchema } }, async (request, reply) => {
      const { nfcUID } = request.params;
      const data = toCardPageData(nfcUID, await lookUpCard(app.ctx.db, nfcUID));
      const html = render(new URL(request.url, 'http://localhost').pathname, data);
      if (!html) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return (
        reply
          .code(data.kind === 'not-found' ? 404 : 200)
          .type('text/html; charset=utf-8')
          // The card changes when its owner edits it: always revalidate.
          .header('Cache-Control', 'no-cache')
          .send(html)
      );
    });
  }
};
