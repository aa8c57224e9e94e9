// The public card's API paths and fields, apart from their declarations in card.ts: the public card page
// builds its URLs and checks its data with these without loading zod (it must stay under its JavaScript
// budget, docs/budgets.md). It imports nothing: card.ts holds these field names to PublicCard's.

/** The serial number after the dash: how a card is told apart when nothing else is known of it. */
export function cardSerial(nfcUID: string): string {
  return nfcUID.split('-').at(-1) ?? nfcUID;
}

/**
 * A member's card link, `/c/<handle>` (issue 26): their card with or without an NFC card. A handle
 * starts as 16 random hex characters; members may choose their own. Never shaped like a Card ID (those
 * are over 40 characters), so one path parameter can carry either: the public card's API calls take
 * the card's key, a Card ID or a handle, as `:nfcUID`.
 */
export const CARD_HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{2,38}[a-z0-9]$/;

export function isCardHandle(value: string): boolean {
  return CARD_HANDLE_PATTERN.test(value);
}

export function cardLinkPath(handle: string): string {
  return `/c/${encodeURIComponent(handle)}`;
}

/** A secure card's tap data (NTAG 424 DNA SUN): `p` the encrypted tag data, `c` the truncated MAC. */
export const TAP_P_PATTERN = /^[0-9A-Fa-f]{32}$/;
export const TAP_C_PATTERN = /^[0-9A-Fa-f]{16}$/;

/** Whether `p` and `c` are shaped like a tap's data (whether they verify is the server's to say). */
export function isTapProof(value: { p?: unknown; c?: unknown }): value is { p: string; c: string } {
  const { p, c } = value;
  return typeof p === 'string' && typeof c === 'string' && TAP_P_PATTERN.test(p) && TAP_C_PATTERN.test(c);
}

export const PublicCardPaths = {
  lookup: '/api/nfc/:nfcUID',
  vcard: '/api/nfc/:nfcUID/vcard',
  events: '/api/nfc/:nfcUID/events',
  shareDetails: '/api/nfc/:nfcUID/share-details',
  emailMe: '/api/nfc/:nfcUID/email-me',
  qrCode: '/api/nfc/:nfcUID/qr.png',
} as const;

/** The public card's calls as the page sends them (method and path); card.ts declares them in full. */
export const PublicCardRoutes = {
  lookup: { method: 'GET', path: PublicCardPaths.lookup },
  vcard: { method: 'GET', path: PublicCardPaths.vcard },
  events: { method: 'POST', path: PublicCardPaths.events },
  shareDetails: { method: 'POST', path: PublicCardPaths.shareDetails },
  emailMe: { method: 'POST', path: PublicCardPaths.emailMe },
  qrCode: { method: 'GET', path: PublicCardPaths.qrCode },
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

/**
 * What a visitor may share with a card's owner (issue 26), by field name, with the limits the form
 * shows; contract/shared-details.ts holds the request schema to the same names.
 */
export const SHARED_DETAILS_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 120,
  role: 120,
  note: 500,
} as const;

/** A card's address as its QR code or a shared link carries it, so its openings can be told apart. */
export function withCardSource(url: string, source: Exclude<CardSource, 'nfc' | 'other'>): string {
  const marked = new URL(url);
  marked.searchParams.set(CARD_SOURCE_PARAM, source);
  return marked.toString();
}
