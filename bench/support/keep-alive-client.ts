// A bench's HTTP client: requests over at most `connections` kept-alive sockets, as a crowd of phones
// behind one proxy reaches the server, each answer read whole. `close` ends the sockets.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface KeepAliveClient {
  /** Sends `body` as JSON when given; `headers` are sent as they are. */
  send(
    base: URL,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Answer>;
  close(): void;
}

export function keepAliveClient(connections: number): KeepAliveClient {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return {
    send(base, method, path, headers, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
