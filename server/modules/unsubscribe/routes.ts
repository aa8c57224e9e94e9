// GET and POST /api/unsubscribe/:token. The page is plain HTML with no script or style, readable in
// any browser a mail client opens. Only the POST changes anything: mail security scanners and link
// previewers fetch every link in a mail (GET, HEAD) without anyone clicking.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OneClickUnsubscribeEndpoint,
  UNSUBSCRIBE_PAGE_TYPE,
  UnsubscribeMessages,
  UnsubscribePageEndpoint,
} from '../../../contract/unsubscribe';
import { HttpError } from '../../platform/errors';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { unsubscribeByToken, unsubscribeStateOf } from './links';

/** A person clicks once; a mail client posts once. Far more is someone trying tokens. */
const UNSUBSCRIBE_PER_MINUTE = 30;

function page(title: string, message: string, form = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p>${form}</main></body></html>`;
}

// No action: the form posts to the address the page was opened at, the link itself (CSP form-action 'self').
const CONFIRM_PAGE = page(
  'Stop e-mails from Tapnet?',
  UnsubscribeMessages.confirm,
  `<form method="post"><button type="submit">${UnsubscribeMessages.button}</button></form>`,
);
const DONE_PAGE = page('Unsubscribed', UnsubscribeMessages.done);
const ALREADY_DONE_PAGE = page('Already unsubscribed', UnsubscribeMessages.done);
const INVALID_PAGE = page('Link not valid', UnsubscribeMessages.invalid);

/** A browser's form post asks for a page; a mail client's one-click request is answered in JSON, as always. */
function wantsPage(accept: string | undefined): boolean {
  return accept?.toLowerCase().includes(UNSUBSCRIBE_PAGE_TYPE) ?? false;
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', `${UNSUBSCRIBE_PAGE_TYPE}; charset=utf-8`)
    .header('Cache-Control', 'no-store')
    .send(html);
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's form and a one-click request (RFC 8058, "List-Unsubscribe=One-Click") are form posts:
  // the token in the path is what counts, so the body, whatever it says, is read and left aside.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  route(
    app,
    UnsubscribePageEndpoint,
    async (request, reply) => {
      const state = await unsubscribeStateOf(app.ctx.db, request.params.token);
      const pages = { unknown: INVALID_PAGE, subscribed: CONFIRM_PAGE, unsubscribed: ALREADY_DONE_PAGE };
      return sendPage(reply, state === 'unknown' ? 404 : 200, pages[state]);
    },
    { config: perMinute(UNSUBSCRIBE_PER_MINUTE) },
  );

  route(
    app,
    OneClickUnsubscribeEndpoint,
    async (request, reply) => {
      const isDone = await unsubscribeByToken(app.ctx.db, request.params.token);
      if (wantsPage(request.headers.accept)) {
        // Sent as HTML, so the endpoint's JSON answer schema is not applied to it.
        return sendPage(reply, isDone ? 200 : 404, isDone ? DONE_PAGE : INVALID_PAGE);
      }
      if (!isDone) throw new HttpError('UNSUBSCRIBE_INVALID', UnsubscribeMessages.invalid);
      return { message: UnsubscribeMessages.done };
    },
    { config: perMinute(UNSUBSCRIBE_PER_MINUTE) },
  );
};
