// Every request gets an id: the X-Request-Id a proxy sent when it is a plain token, otherwise a new
// UUID. It labels each log line of the request, goes back in the X-Request-Id header, and is in every
// error answer, so a member's "it failed" can be found in the logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * On send, so that answers given before the routes (a blocked address, a probe) carry it too. A callback
 * hook, not an async one: no promise per request.
 */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });
}
