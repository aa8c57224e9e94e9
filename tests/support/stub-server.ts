// The server as the client's unit tests see it: `fetch` answered by a function, every request recorded.
// fetch is the boundary between the client and the server, and those tests are about what the client
// does around it (the server's own behaviour is tested over HTTP in tests/server and tests/e2e).
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** The path alone; `url` has the rest. */
  path: string;
  url: URL;
  headers: Headers;
  authorization: string | null;
  /** The body when it is a JSON object; `text` has it as sent. */
  body: Record<string, unknown> | undefined;
  text: string;
}

export type StubAnswer = (sent: SentRequest) => Response | Promise<Response>;

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function recorded(method: string, url: URL, headers: Headers, text: string): SentRequest {
  const authorization = headers.get('Authorization');
  return { method, path: url.pathname, url, headers, authorization, body: jsonObject(text), text };
}

async function describeRequest(input: RequestInfo | URL, init: RequestInit = {}): Promise<SentRequest> {
  if (input instanceof Request) {
    return recorded(input.method, new URL(input.url), input.headers, await input.clone().text());
  }
  const text = typeof init.body === 'string' ? init.body : '';
  const url = new URL(String(input), 'http://localhost');
  return recorded(init.method ?? 'GET', url, new Headers(init.headers), text);
}

/** Settles as `answer` does, unless the request's signal aborts first (a timeout, a caller giving up). */
function racingAbort(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(signal.reason);
  return Promise.race([
    answer,
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
  ]);
}

/**
 * Replaces `fetch` with `answer`, recording each request as it arrives (the returned list fills in).
 * An answer that throws or rejects is a request that reached no server. Undo with vi.unstubAllGlobals().
 */
export function stubServer(answer: StubAnswer): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = await describeRequest(input, init);
      sent.push(request);
      const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
      return racingAbort(
        Promise.resolve().then(() => answer(request)),
        signal,
      );
    }),
  );
  return sent;
}

/** An answer for a request that never reaches a server. */
export function offline(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** An answer that never comes (a server that neither answers nor refuses). */
export function neverAnswers(): Promise<Response> {
  return new Promise<Response>(() => {});
}

export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });
}
