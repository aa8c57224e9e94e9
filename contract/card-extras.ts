// What makes a card remembered (issue 26 point 5): a photo or logo, an accent colour, labelled links.
// Zod-free, like card-paths.ts: the public card page renders these without loading zod (docs/budgets.md),
// and the editor and the server check an accent with the same arithmetic.

/** The kinds of labelled link a card lists, each with the label shown when the member gives none. */
export const CARD_LINK_LABELS = {
  linkedin: 'LinkedIn',
  x: 'X',
  instagram: 'Instagram',
  github: 'GitHub',
  booking: 'Book a meeting',
  custom: 'Link',
} as const;
export type CardLinkKind = keyof typeof CARD_LINK_LABELS;
export const CARD_LINK_KINDS = Object.keys(CARD_LINK_LABELS) as [CardLinkKind, ...CardLinkKind[]];

export interface CardLink {
  kind: CardLinkKind;
  /** The member's own words; '' shows the kind's label. A custom link needs one. */
  label: string;
  url: string;
}

export const CARD_LINK_LIMITS = { count: 8, label: 40, url: 300 } as const;

export function cardLinkLabel(link: CardLink): string {
  return link.label || CARD_LINK_LABELS[link.kind];
}

/** A card's looks as the wire carries them (contract/card.ts CardLooksSchema). */
export interface CardLooks {
  accent: string;
  links: CardLink[];
  photoURL: string;
  photoThumbnailURL: string;
}

export const NO_CARD_LOOKS: CardLooks = { accent: '', links: [], photoURL: '', photoThumbnailURL: '' };

const isKind = (value: unknown): value is CardLinkKind =>
  typeof value === 'string' && value in CARD_LINK_LABELS;

/** Only the server's own photo paths: a kept copy cannot point the page's image elsewhere. */
const photoPath = (value: unknown) =>
  typeof value === 'string' && value.startsWith('/api/card-photos/') ? value : '';

/** The looks in a card read without zod (the public card page): anything malformed reads as none. */
export function parseCardLooks(record: Record<string, unknown>): CardLooks {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const links = Array.isArray(record.links) ? (record.links as unknown[]) : [];
  return {
    accent: ACCENT_PATTERN.test(text(record.accent)) ? text(record.accent) : '',
    links: links.flatMap((link) => {
      const { kind, label, url } = (link ?? {}) as Record<string, unknown>;
      return isKind(kind) && typeof url === 'string' && url.startsWith('https://')
        ? [{ kind, label: text(label), url }]
        : [];
    }),
    photoURL: photoPath(record.photoURL),
    photoThumbnailURL: photoPath(record.photoThumbnailURL),
  };
}

/** The text colour on an accent (buttons, the card's band): white, so the accent must be dark enough. */
export const TEXT_ON_ACCENT = '#ffffff';

/** WCAG 2.x AA for normal text. */
export const MIN_ACCENT_CONTRAST = 4.5;

/** Presets the editor offers beside the house colour, each readable under white text (at least 4.5:1). */
export const ACCENT_PRESETS = [
  '#0f766e',
  '#15803d',
  '#9a3412',
  '#b91c1c',
  '#a21caf',
  '#1d4ed8',
  '#374151',
] as const;

export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

export const ACCENT_MESSAGES = {
  format: 'Accent colour must be a hex colour such as #4338ca',
  contrast: `Choose a darker accent colour: white text on it must have a contrast of at least ${MIN_ACCENT_CONTRAST}:1`,
} as const;

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The brand's custom properties (src/styles/global.css) that a card's accent takes over on its page. */
export const ACCENT_PROPERTIES = ['--brand', '--brand-strong'] as const;

/** The accent as the card page's style rule; '' for the house colour or anything not a colour. */
export function accentCss(accent: string): string {
  if (!ACCENT_PATTERN.test(accent)) return '';
  return `:root{${ACCENT_PROPERTIES.map((property) => `${property}:${accent}`).join(';')}}`;
}

/** Why an accent is refused, or null when it is one ('' is the house colour). */
export function accentProblem(accent: string): string | null {
  if (accent === '') return null;
  if (!ACCENT_PATTERN.test(accent)) return ACCENT_MESSAGES.format;
  return contrastRatio(accent, TEXT_ON_ACCENT) >= MIN_ACCENT_CONTRAST ? null : ACCENT_MESSAGES.contrast;
}

/** Photo upload limits: what the server takes in, and the sizes it keeps (square, cropped to fill). */
export const CARD_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  size: 400,
  thumbnailSize: 96,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const CARD_PHOTO_MESSAGES = {
  tooLarge: 'The photo is larger than 5 MB. Choose a smaller one.',
  notAnImage: 'The photo must be a JPEG, PNG or WebP image.',
  notFound: 'No such photo.',
} as const;

export const CardPhotoPaths = {
  image: '/api/card-photos/:photoId',
  thumbnail: '/api/card-photos/:photoId/small',
} as const;
