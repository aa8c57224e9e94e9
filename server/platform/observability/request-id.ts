// Every request gets an id: the X-Request-Id a proxy sent when it is a plain token, otherwise a new
// one of this process. It labels each log line of the request, goes back in the X-Request-Id header,
// and is in every error answer, so a member's "it failed" can be found in the logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
/** Past this, the counter would lose precision (and its 12 hex digits): a new prefix starts again at 0. */
const COUNTER_LIMIT = 0xffff_ffff_ffff;

/**
 * A UUID's layout: the first 24 characters are one random UUID's, drawn when the process starts (or
 * its counter wraps), the last 12 a counter in hex. As unique as a random UUID per request (each
 * process, worker or restart draws its own 74 random bits) at a fraction of its cost: a fresh UUID
 * was a tenth of the allocations of a poll's 304 (docs/budgets.md). The counter tells a client
 * nothing it could use: ids are neither secrets nor in any decision.
 */
let prefix = randomUUID().slice(0, 24);
let counter = 0;

function nextRequestId(): string {
  counter += 1;
  if (counter > COUNTER_LIMIT) {
    prefix = randomUUID().slice(0, 24);
    counter = 1;
  }
  return prefix + counter.toString(16).padStart(12, '0');
}

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : nextRequestId();
}

/** Puts the request's id on its answer (app.ts calls this on send, so that answers given before the routes carry it too). */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
}
