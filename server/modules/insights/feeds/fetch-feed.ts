// One polite HTTP fetch of a feed: a timeout, a body size cap, conditional GET and at most 3 redirects,
// through the outbound guard (no loopback, private or metadata address at any hop unless allowed).
import { outboundDestinations } from '../../../platform/outbound/destinations';
import { outboundFetch } from '../../../platform/outbound/outbound-fetch';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchOutcome =
  | { status: 'fetched'; text: string; validators: Validators }
  | { status: 'not_modified' }
  /** `retryAfterMs` when the server said how long to wait (429, 503). */
  | { status: 'failed'; reason: string; retryAfterMs?: number };

const MAX_REDIRECTS = 3;
const USER_AGENT = 'Tapnet feed reader (+https://github.com/tapnet)';

function retryAfterOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** `allowHosts`: OUTBOUND_ALLOW_HOSTS, the only non-public hosts a feed (or its redirect) may be on. */
export async function fetchFeed(
  url: string,
  previous: Validators,
  limits: FetchLimits,
  allowHosts: readonly string[],
): Promise<FetchOutcome> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept:
      'application/rss+xml, application/atom+xml, application/feed+json, text/calendar, application/xml;q=0.9, */*;q=0.8',
  };
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  try {
    const response = await outboundFetch(outboundDestinations(allowHosts), url, {
      headers,
      signal,
      maxBytes: limits.maxBytes,
      maxRedirects: MAX_REDIRECTS,
    });
    if (response.status === 304) return { status: 'not_modified' };
    if (response.status < 200 || response.status > 299) {
      return {
        status: 'failed',
        reason: `HTTP ${response.status}`,
        retryAfterMs: retryAfterOf(response.header('retry-after')),
      };
    }
    if (response.body === null) return { status: 'failed', reason: `Larger than ${limits.maxBytes} bytes` };
    return {
      status: 'fetched',
      text: response.body,
      validators: { etag: response.header('etag'), lastModified: response.header('last-modified') },
    };
  } catch (error) {
    const reason = signal.aborted ? `No answer within ${limits.timeoutMs} ms` : (error as Error).message;
    return { status: 'failed', reason };
  }
}
