// The public card's API paths and fields, apart from their declarations in card.ts: the public card page
// builds its URLs and checks its data with these without loading zod (it must stay under its JavaScript
// budget, docs/budgets.md). It imports nothing: card.ts holds these field names to PublicCard's.

/** The serial number after the dash: how a card is told apart when nothing else is known of it. */
export function cardSerial(nfcUID: string): string {
  return nfcUID.split('-').at(-1) ?? nfcUID;
}

export const PublicCardPaths = {
  lookup: '/api/nfc/:nfcUID',
  vcard: '/api/nfc/:nfcUID/vcard',
  events: '/api/nfc/:nfcUID/events',
} as const;

/** The public card's calls as the page sends them (method and path); card.ts declares them in full. */
export const PublicCardRoutes = {
  lookup: { method: 'GET', path: PublicCardPaths.lookup },
  vcard: { method: 'GET', path: PublicCardPaths.vcard },
  events: { method: 'POST', path: PublicCardPaths.events },
} as const;

/** What a card says about its owner after the name and pronouns; a saved contact carries the same. */
export const CARD_DETAIL_FIELDS = [
  'company',
  'role',
  'email',
  'phone',
  'linkedinURL',
  'additionalURL',
] as const;

export const PUBLIC_CARD_FIELDS = ['nfcUID', 'userId', 'pronouns', 'name', ...CARD_DETAIL_FIELDS] as const;

/**
 * How a visitor came to a card page, for the owner's analytics: the QR code and shared links add
 * `?src=qr` or `?src=link` to the card's URL; without a marker the page decides between an NFC tap
 * and anything else (a typed or old address).
 */
export const CARD_SOURCES = ['nfc', 'qr', 'link', 'other'] as const;
export type CardSource = (typeof CARD_SOURCES)[number];
export const CARD_SOURCE_PARAM = 'src';

/** A card's address as its QR code or a shared link carries it, so its openings can be told apart. */
export function withCardSource(url: string, source: Exclude<CardSource, 'nfc' | 'other'>): string {
  const marked = new URL(url);
  marked.searchParams.set(CARD_SOURCE_PARAM, source);
  return marked.toString();
}
