// A card as a vCard 3.0 file: the version every phone's contacts app imports (RFC 2426).
import type { PublicCard } from '../../contract/card';
import { cardLinkLabel } from '../../contract/card-extras';
import type { Contact } from '../../contract/contacts';

const MAX_LINE_OCTETS = 75;

/**
 * Every form of line break a reader might split on (CRLF, a bare CR or LF, NEL, the Unicode line and
 * paragraph separators, vertical tab, form feed) becomes the escaped `\n`, and other control
 * characters are dropped: a field value can never end its line and start a property or a second card.
 */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const OTHER_CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

function escapeText(value: string): string {
  return value
    .replace(OTHER_CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(LINE_BREAK, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** Folds at 75 octets without splitting a UTF-8 character; continuation lines start with a space. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function withScheme(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** "Ada King Lovelace" → given "Ada King", family "Lovelace"; one word is a given name only. */
export function nameParts(fullName: string): { given: string; family: string } {
  const words = fullName.trim().split(/\s+/);
  const family = words.length > 1 ? (words.pop() ?? '') : '';
  return { given: words.join(' '), family };
}

function structuredName(fullName: string): string {
  const { given, family } = nameParts(fullName);
  return [family, given, '', '', ''].map(escapeText).join(';');
}

/** What an address book copy adds to a card: a stable UID, its own note, categories. */
export interface VCardExtras {
  uid?: string;
  /** Replaces the note made of the pronouns and the member's notes. */
  note?: string;
  categories?: readonly string[];
  /** The card's photo as JPEG, carried in the file: address books do not fetch a PHOTO by its URL. */
  photo?: Buffer | undefined;
}

/** A card, or a saved contact with the member's own notes about them. */
export function toVCard(card: PublicCard | Contact, extras: VCardExtras = {}): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${structuredName(card.name)}`,
    `FN:${escapeText(card.name)}`,
  ];
  if (card.company) lines.push(`ORG:${escapeText(card.company)}`);
  if (card.role) lines.push(`TITLE:${escapeText(card.role)}`);
  if (card.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(card.email)}`);
  if (card.phone) lines.push(`TEL;TYPE=CELL:${escapeText(card.phone)}`);
  if (card.linkedinURL) lines.push(`URL;TYPE=LinkedIn:${escapeText(withScheme(card.linkedinURL))}`);
  if (card.additionalURL) lines.push(`URL:${escapeText(withScheme(card.additionalURL))}`);
  // Each labelled link as an item with its label: Apple's address books show the label, others the URL.
  const links = ('links' in card ? card.links : undefined) ?? [];
  links.forEach((link, index) => {
    lines.push(`item${index + 1}.URL:${escapeText(link.url)}`);
    lines.push(`item${index + 1}.X-ABLabel:${escapeText(cardLinkLabel(link))}`);
  });
  if (extras.photo) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${extras.photo.toString('base64')}`);
  const notes = 'notes' in card ? card.notes : '';
  const note =
    extras.note ?? [card.pronouns && `Pronouns: ${card.pronouns}`, notes].filter(Boolean).join('\n');
  if (note) lines.push(`NOTE:${escapeText(note)}`);
  if (extras.categories?.length) lines.push(`CATEGORIES:${extras.categories.map(escapeText).join(',')}`);
  if (extras.uid) lines.push(`UID:${escapeText(extras.uid)}`);
  lines.push('END:VCARD');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** "Ada Lovelace" → "ada-lovelace.vcf"; a name with nothing usable falls back to "contact.vcf". */
export function vCardFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'contact'}.vcf`;
}
