// What a request no route takes is answered: an API path that exists under other methods gets 405 and
// Allow (RFC 9110 §15.5.6), any other API path 404, and a page path the app shell (client-side routes).
import type { FastifyInstance } from 'fastify';
import { apiAreas } from '../../contract/api';
import type { ErrorResponse } from '../../contract/errors';

interface KnownPath {
  pattern: RegExp;
  methods: string[];
}

/** The contract's paths as the router matches them: `:name` is one path segment. */
function knownPaths(): KnownPath[] {
  const byPath = new Map<string, string[]>();
  for (const { endpoints } of apiAreas) {
    for (const { path, method } of endpoints) byPath.set(path, [...(byPath.get(path) ?? []), method]);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`,
    ),
    // Fastify answers HEAD wherever it answers GET.
    methods: methods.includes('GET') ? [...methods, 'HEAD'] : methods,
  }));
}

/** The methods `path` takes, across every contract path it matches; none when no API path matches. */
export function allowedMethods(paths: readonly KnownPath[], path: string): string[] {
  return [...new Set(paths.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods))];
}

export function answerUnknownRoutes(app: FastifyInstance, isServingApp: boolean): void {
  const paths = knownPaths();
  const apiPathOf = (url: string) => {
    const path = url.split('?', 1)[0] ?? '';
    return path === '/api' || path.startsWith('/api/') ? path : undefined;
  };

  // Before the body is parsed: a wrong method is the answer whatever the body (QUERY without a
  // content type, malformed JSON), and the blocker's hooks still come first.
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.is404 ? apiPathOf(request.url) : undefined;
    const allowed = path === undefined ? [] : allowedMethods(paths, path);
    if (allowed.length === 0) {
      done();
      return;
    }
    reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .send({
        error: `${request.method} is not allowed here; use ${allowed.join(', ')}`,
        code: 'METHOD_NOT_ALLOWED',
        requestId: request.id,
      } satisfies ErrorResponse);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isServingApp && isPageRequest && apiPathOf(request.url) === undefined) {
      // Client-side routes: the app shell decides what to show.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ error: 'Not found', code: 'NOT_FOUND', requestId: request.id } satisfies ErrorResponse);
  });
}
