// Records what the detection sees of each request, one JSON line each, so the project's own e2e traffic
// can be kept as negative cases (`npm run record:e2e-traffic`, tests/server/fixtures/e2e-traffic.json).
// Off unless SECURITY_TRAFFIC_RECORD names a file; then registered after the security hooks.
import { appendFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_TEXT_INSPECTED, SECRET_FIELDS } from './inspect';

/** One answered request as the rules saw it: what `inspectRequest`/`inspectBody` read, and its outcome. */
export interface RecordedRequest {
  /** Milliseconds since the epoch, when the answer went out. */
  at: number;
  method: string;
  /** The raw URL as received (path and query, still encoded), as `inspectRequest` reads it. */
  url: string;
  userAgent: string | null;
  /** The route that answered (its pattern), null when none matched. */
  route: string | null;
  status: number;
  /** A member or an operator, as the hooks decide whether to read the body. */
  signedIn: boolean;
  /** Whether it carried a bearer token (an expired one's 401s are not a client probing). */
  bearer: boolean;
  /** Only of requests nobody signed in for, as the preValidation hook reads it; secret fields masked. */
  body?: unknown;
}

/**
 * The body as inspection reads it: secret fields are never read, so they are masked here too (the
 * recording is committed), and strings are cut where inspection stops reading.
 */
function inspectedBodyOf(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value: unknown) => {
      if (key !== '' && SECRET_FIELDS.test(key)) return '[secret]';
      return typeof value === 'string' ? value.slice(0, BODY_TEXT_INSPECTED) : value;
    }),
  );
}

function isSignedIn(request: FastifyRequest): boolean {
  return request.member !== undefined || request.operatorId !== undefined;
}

export function recordTraffic(app: FastifyInstance, file: string): void {
  app.addHook('onResponse', async (request, reply) => {
    // A blocked request was refused before anything read it. Probes are kept: a member's request taken
    // for one is exactly what the recording is for.
    if (request.securityAnswer === 'blocked') return;
    const signedIn = isSignedIn(request);
    const { body } = request;
    const line: RecordedRequest = {
      at: Date.now(),
      method: request.method,
      url: request.url,
      userAgent: request.headers['user-agent'] ?? null,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      signedIn,
      bearer: /^Bearer\s/i.test(request.headers.authorization ?? ''),
      ...(signedIn || body === undefined || body === null ? {} : { body: inspectedBodyOf(body) }),
    };
    // Synchronous, so a line is never lost when the e2e run stops the server; only ever on in that run.
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
