// Versions of what a member edits (DESIGN.md §4 Offline writes): every editable resource is read with an
// ETag, and a write may send it back as If-Match. When the resource changed meanwhile the server refuses
// with 412 VERSION_CONFLICT and the current value, so an edit made on an old copy never overwrites
// newer data it did not see; the client merges field by field and sends again.
import { z } from 'zod';
import { ErrorResponseSchema } from './errors';

export const IF_MATCH_HEADER = 'if-match';

/** The optional precondition header of a versioned write. */
export const IfMatchHeadersSchema = z.looseObject({ [IF_MATCH_HEADER]: z.string().max(200).optional() });

/** Keys in a fixed order, so that the same value has one text whatever order its fields were built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** cyrb53: a fast 53-bit string hash, the same in the browser, the service worker and Node. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The version of a value: a weak ETag of its content, so that the client can compute the version of a
 * field it holds (a contact's notes) without asking, and the server needs no version column.
 */
export function versionTag(value: unknown): string {
  const text = canonicalJson(value);
  return `W/"v1-${hash53(text)}-${text.length.toString(36)}"`;
}

/** RFC 9110 §13.1.1: a list of tags or "*", compared weakly (a precondition on content, not on bytes). */
export function matchesIfMatch(ifMatch: string, tag: string): boolean {
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

/**
 * The 412 answer: the value as it is now (the same shape as the endpoint's success answer), and when
 * the server knows it, when the refused field last changed there, for "the newer one is kept".
 */
export const VersionConflictResponseSchema = ErrorResponseSchema.extend({
  code: z.literal('VERSION_CONFLICT'),
  current: z.unknown(),
  changedAt: z.string().nullable().optional(),
});
export type VersionConflictResponse = z.infer<typeof VersionConflictResponseSchema>;

export const VersionMessages = {
  conflict: 'This was changed on another device meanwhile; nothing was saved.',
} as const;
