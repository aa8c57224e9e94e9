// One polite HTTP fetch of a feed: a timeout, a body size cap, conditional GET and at most 3 redirects.

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

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function fetchFeed(
  url: string,
  previous: Validators,
  limits: FetchLimits,
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
    let target = url;
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(target, { headers, signal, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_REDIRECTS) return { status: 'failed', reason: 'Too many redirects' };
        target = new URL(location, target).toString();
        continue;
      }
      if (response.status === 304) return { status: 'not_modified' };
      if (!response.ok) {
        await response.body?.cancel();
        return {
          status: 'failed',
          reason: `HTTP ${response.status}`,
          retryAfterMs: retryAfterOf(response.headers.get('retry-after')),
        };
      }
      const text = await readCapped(response, limits.maxBytes);
      if (text === null) return { status: 'failed', reason: `Larger than ${limits.maxBytes} bytes` };
      return {
        status: 'fetched',
        text,
        validators: {
          etag: response.headers.get('etag'),
          lastModified: response.headers.get('last-modified'),
        },
      };
    }
  } catch (error) {
    const reason = signal.aborted ? `No answer within ${limits.timeoutMs} ms` : (error as Error).message;
    return { status: 'failed', reason };
  }
}
