// Feed text made safe and comparable: HTML to plain text, and the keys two copies of one story share.
import { createHash } from 'node:crypto';
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|tr)>|<br\s*\/?>/gi;

/**
 * Plain text of feed HTML: tags and scripts gone, entities decoded, paragraphs kept as blank lines.
 * Only the first `maxChars` of the markup are read: sanitising megabytes of it would take seconds.
 */
export function htmlToText(html: string, maxChars = Number.POSITIVE_INFINITY): string {
  const withBreaks = html.slice(0, maxChars).replace(BLOCK_END, '$&\n\n');
  const stripped = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return decodeHTML(stripped)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMETER = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid|ref|partner|cmpid|ocid)$/i;

/** The URL two feeds give for one article, reduced to what names the article (Feeder's rule). */
export function urlKey(url: string): string {
  try {
    const parsed = new URL(url.trim());
    for (const name of [...parsed.searchParams.keys()]) {
      if (TRACKING_PARAMETER.test(name)) parsed.searchParams.delete(name);
    }
    parsed.searchParams.sort();
    const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
    const path = parsed.pathname.replace(/\/+$/, '');
    const query = parsed.searchParams.toString();
    return `${host}${path}${query ? `?${query}` : ''}`;
  } catch {
    return '';
  }
}

/** A title compared without case, punctuation or spacing. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A short stable id for an item, from what makes it one item. */
export function itemId(kind: string, dedupeKey: string): string {
  return createHash('sha256').update(`${kind}\n${dedupeKey}`).digest('base64url').slice(0, 16);
}

/** Only web links reach members: a feed's `javascript:` or relative link is dropped. */
export function webUrl(value: string | undefined): string {
  if (!value) return '';
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}
