// The member's one address book as CardDAV sees it: where each thing lives, each contact as a vCard 3.0
// resource with its ETag, and the collection's CTag and sync token, all made from the contact list's
// versions (migration 021): every write to a contact gives it a new version, every deletion leaves a
// tombstone at one.
import type { Contact } from '../../../contract/contacts';
import { toVCard } from '../../platform/vcard';
import { noteForOtherApps, type VersionedContact } from '../contacts';

export const ADDRESS_BOOK_NAME = 'Tapnet';
export const ADDRESS_BOOK_DESCRIPTION = 'The people you met and saved with Tapnet';
/** The collection's own segment under the member's home. */
const BOOK_SEGMENT = 'tapnet';

/**
 * Raised when the vCard written for the same contact changes (a field added): every ETag changes with
 * it, so clients fetch every card again.
 */
const CARD_FORMAT = 'v2';

export const davPaths = {
  root: '/carddav/',
  principal: (userId: string) => `/carddav/principals/${userId}/`,
  home: (userId: string) => `/carddav/addressbooks/${userId}/`,
  book: (userId: string) => `/carddav/addressbooks/${userId}/${BOOK_SEGMENT}/`,
  card: (userId: string, contactId: string) =>
    `/carddav/addressbooks/${userId}/${BOOK_SEGMENT}/${contactId}.vcf`,
};

/** What a path names, for the member signed in; undefined for anything else (another member's too). */
export type DavTarget =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'book' }
  | { kind: 'card'; contactId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path of an href as clients send them: absolute or not, percent-encoded or not. */
export function pathOfHref(href: string): string | undefined {
  try {
    return decodeURIComponent(new URL(href.trim(), 'http://carddav.invalid').pathname);
  } catch {
    return undefined;
  }
}

export function targetOf(path: string, userId: string): DavTarget | undefined {
  const segments = path.split('/').filter(Boolean);
  const [area, kind, owner, book, resource, ...rest] = segments;
  if (segments.length === 0 || (area === 'carddav' && segments.length === 1)) return { kind: 'root' };
  if (area !== 'carddav' || owner !== userId || rest.length > 0) return undefined;
  if (kind === 'principals' && segments.length === 3) return { kind: 'principal' };
  if (kind !== 'addressbooks') return undefined;
  if (book === undefined) return { kind: 'home' };
  if (book !== BOOK_SEGMENT) return undefined;
  if (resource === undefined) return { kind: 'book' };
  const contactId = resource.replace(/\.vcf$/, '');
  return resource.endsWith('.vcf') && UUID.test(contactId) ? { kind: 'card', contactId } : undefined;
}

export function hrefOf(target: DavTarget, userId: string): string {
  switch (target.kind) {
    case 'root':
      return davPaths.root;
    case 'principal':
      return davPaths.principal(userId);
    case 'home':
      return davPaths.home(userId);
    case 'book':
      return davPaths.book(userId);
    case 'card':
      return davPaths.card(userId, target.contactId);
  }
}

/** Quoted, as RFC 7232 wants and DAVx⁵ insists on. */
export function cardETag(version: string): string {
  return `"${CARD_FORMAT}-${version}"`;
}

/** The collection's tag: the list version, which every change raises. */
export function collectionTag(listVersion: string): string {
  return `"${CARD_FORMAT}-${listVersion}"`;
}

/** A sync token must be a URI (RFC 6578 §3.1); it carries the list version the answer reflects. */
export function syncToken(listVersion: string): string {
  return `urn:tapnet:sync:${CARD_FORMAT}:${listVersion}`;
}

/** The list version of a token this server gave; undefined for any other (a full sync follows). */
export function versionOfSyncToken(token: string): string | undefined {
  return new RegExp(`^urn:tapnet:sync:${CARD_FORMAT}:(\\d{1,18})$`).exec(token.trim())?.[1];
}

/**
 * Categories the phone can group by: all of Tapnet's, the flagged ones, and the event where they met
 * (issue 27): CATEGORIES is the vCard's grouping, so DAVx5 and Thunderbird show "Web Summit 2026" as a
 * group. Apple's Contacts ignores CATEGORIES, so the note's meeting line names the event too.
 */
export function categoriesOf(contact: Contact): string[] {
  return [
    ADDRESS_BOOK_NAME,
    ...(contact.isFlagged ? ['Flagged'] : []),
    ...(contact.event ? [contact.event] : []),
  ];
}

export function vCardOf({ contact, photo }: Card): string {
  return toVCard(contact, {
    uid: contact._id,
    note: noteForOtherApps(contact),
    categories: categoriesOf(contact),
    photo,
  });
}

/** A contact as an address book resource, with its card's photo when the vCard is to be sent. */
export interface Card {
  contactId: string;
  etag: string;
  contact: Contact;
  photo?: Buffer | undefined;
}

/** `photos`: the photos read for these contacts, by id; without them the cards have none. */
export function cardOf({ contact, version, photoId }: VersionedContact, photos?: Map<string, Buffer>): Card {
  return {
    contactId: contact._id,
    etag: cardETag(version),
    contact,
    photo: photoId === null ? undefined : photos?.get(photoId),
  };
}
