// The one way the server calls out: every hop's address checked when the connection is made (so a DNS
// answer cannot change between the check and the call), a small redirect limit, a time limit, and a
// body size limit. Built on node:http, whose `lookup` hook sees each address it connects to.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { OutboundDestinations } from './destinations';

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** A body longer than this is not read: the answer's `body` is null. */
  maxBytes: number;
  /** Redirects followed for a GET (a POST's redirect is answered as it is). */
  maxRedirects: number;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  header(name: string): string | null;
  /** Null when the body was longer than `maxBytes`. */
  body: string | null;
}

/** The destination is not one the server may call; says which address and how to allow it. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function outboundFetch(
  destinations: OutboundDestinations,
  url: string,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(destinations, target, request);
    const location = response.headers.location;
    if (request.method !== 'POST' && REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (redirects >= request.maxRedirects)
        throw new OutboundRefusedError(`More than ${request.maxRedirects} redirects`);
      target = new URL(location, target);
      continue;
    }
    return {
      status: response.statusCode ?? 0,
      url: target.toString(),
      header: (name) => {
        const value = response.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
      body: await readCapped(response, request.maxBytes),
    };
  }
}

function requestOnce(
  destinations: OutboundDestinations,
  target: URL,
  request: OutboundRequest,
): Promise<IncomingMessage> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new OutboundRefusedError(`${target.protocol} links are not followed`));
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address connects without a lookup: check it here.
  const literalRefusal = isIP(hostname) ? destinations.refusalOf(hostname, hostname) : undefined;
  if (literalRefusal) return Promise.reject(new OutboundRefusedError(`Refused: ${literalRefusal}`));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: request.method ?? 'GET',
        headers: request.headers,
        signal: request.signal,
        lookup: (host, options, callback) =>
          dnsLookup(host, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
            if (error) return callback(error, '', 0);
            const refusal = addresses
              .map((one) => destinations.refusalOf(host, one.address))
              .find((reason) => reason !== undefined);
            if (refusal) return callback(new OutboundRefusedError(`Refused: ${refusal}`), '', 0);
            if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
            const [first] = addresses;
            return callback(null, first?.address ?? '', first?.family ?? 4);
          }),
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string | null> {
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
