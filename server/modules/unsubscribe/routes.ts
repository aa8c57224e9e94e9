// GET and POST /api/unsubscribe/:token. The page is plain HTML with no script or style, readable in
// any browser a mail client opens.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OneClickUnsubscribeEndpoint,
  UnsubscribeMessages,
  UnsubscribePageEndpoint,
} from '../../../contract/unsubscribe';
import { HttpError } from '../../errors';
import { perMinute } from '../../rate-limits';
import { route } from '../../route';
import { unsubscribeByToken } from './links';

/** A person clicks once; a mail client posts once. Far more is someone trying tokens. */
const UNSUBSCRIBE_PER_MINUTE = 30;

function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
}

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // A one-click request (RFC 8058) is a form post whose body only says "List-Unsubscribe=One-Click":
  // the token in the path is what counts, so the body is read and left aside.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  route(
    app,
    UnsubscribePageEndpoint,
    async (request, reply) => {
      const isDone = await unsubscribeByToken(app.ctx.db, request.params.token);
      return reply
        .code(isDone ? 200 : 404)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          isDone
            ? page('Unsubscribed', UnsubscribeMessages.done)
            : page('Link not valid', UnsubscribeMessages.invalid),
        );
    },
    { config: perMinute(UNSUBSCRIBE_PER_MINUTE) },
  );

  route(
    app,
    OneClickUnsubscribeEndpoint,
    async (request) => {
      if (!(await unsubscribeByToken(app.ctx.db, request.params.token))) {
        throw new HttpError('UNSUBSCRIBE_INVALID', UnsubscribeMessages.invalid);
      }
      return { message: UnsubscribeMessages.done };
    },
    { config: perMinute(UNSUBSCRIBE_PER_MINUTE) },
  );
};
