// A small HTTP server on loopback whose answers a test sets per path, and which records every request:
// the stand-in for the internet's feed publishers and LLM providers, which tests cannot reach.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Holds the answer back until this settles (a request kept in flight, or never answered). */
  after?: Promise<unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (request: RecordedRequest) => Answer;

export interface LoopbackServer {
  url(path: string): string;
  /** Sets how `path` answers from now on. */
  on(path: string, responder: Responder | Answer): void;
  requests(path?: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startLoopbackServer(): Promise<LoopbackServer> {
  const responders = new Map<string, Responder>();
  const recorded: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const entry = {
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      recorded.push(entry);
      const answer = responders.get(path)?.(entry) ?? { status: 404, body: 'not here' };
      const send = () => {
        response.writeHead(answer.status ?? 200, answer.headers ?? {});
        response.end(answer.body ?? '');
      };
      if (!answer.after) return send();
      void answer.after.then(() => {
        if (!response.destroyed) send();
      });
    });
  });
  // Node closes idle connections after 5 s; a client reusing one at that instant gets a reset. Tests
  // wait between calls longer than that, so idle connections stay open until close().
  server.keepAliveTimeout = 10 * 60 * 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    on(path, responder) {
      responders.set(path, typeof responder === 'function' ? responder : () => responder);
    },
    requests: (path) => recorded.filter((request) => path === undefined || request.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
