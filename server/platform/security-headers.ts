// The security headers of every answer (helmet's: Content-Security-Policy, HSTS, frame and referrer
// rules, …), worked out once at start. @fastify/helmet called helmet() again for every request, which
// re-read the whole policy each time: an eighth of the CPU of the contact list's 304.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What helmet's middleware sets, from one run against a stand-in response. The policy holds fixed
 * strings only (no nonces, no per-request values), so every request gets the same headers.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer gets unless its route set its own (read at request time). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * The policy with one more inline style element allowed (a `'sha256-…'` source): for the one page whose
 * style depends on what it shows, the card page with its owner's accent.
 */
export function allowingStyle(policy: string, source: string): string {
  return policy.replace(/style-src ([^;]*)/, (_, sources: string) => `style-src ${sources} ${source}`);
}

/**
 * What sets the headers on an answer (app.ts calls it on send, for every answer, 404s and errors
 * included) where the route has not set its own; except a 304, which carries only what updates the
 * client's cached copy (RFC 9110 §15.4.5: the copy keeps the headers it came with). A poll's 304 is
 * most of the server's traffic, and these headers were two thirds of its bytes.
 */
export function securityHeadersSender(
  app: FastifyInstance,
  options: HelmetOptions,
): (reply: FastifyReply) => void {
  const all = securityHeaders(options);
  app.decorate('securityHeaders', all);
  const headers = Object.entries(all);
  return (reply) => {
    if (reply.statusCode === 304) return;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
  };
}
