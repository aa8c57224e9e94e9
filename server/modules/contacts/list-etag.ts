// The ETag of a member's contact list: a 304 costs one primary-key read instead of the whole list.
import { createHash } from 'node:crypto';

/** Raise when the wire shape of a contact changes, so that every client's cached list is refetched. */
const LIST_FORMAT = 1;

/**
 * Weak, because the same version may be sent compressed or not by a proxy. The hash of the member's
 * id keeps two members at the same version apart, so a tag can never vouch for someone else's list.
 */
export function contactListTag(userId: string, version: string): string {
  return `W/"${LIST_FORMAT}.${version}.${memberHash(userId)}"`;
}

function memberHash(userId: string): string {
  return createHash('sha256').update(userId).digest('base64url').slice(0, 12);
}

/**
 * The list version a change-feed cursor (a tag this member was answered) stands for; null for anything
 * else: another format, another member's tag, or text that is no tag at all.
 */
export function cursorVersion(userId: string, cursor: string): string | null {
  const match = /^(?:W\/)?"(\d+)\.(\d{1,18})\.([A-Za-z0-9_-]+)"$/.exec(cursor.trim());
  if (!match || Number(match[1]) !== LIST_FORMAT || match[3] !== memberHash(userId)) return null;
  return match[2] ?? null;
}

/** RFC 9110 §13.1.2: a list of tags or "*", compared weakly (W/ is ignored on both sides). */
export function isNotModified(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  // What an app sends back is the tag it was given, as it was: compared without parsing (the 304 is
  // most of the server's traffic).
  if (ifNoneMatch === tag) return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
