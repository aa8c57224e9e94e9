// Cards: the business card a member shows, the NFC card IDs operators issue, and the public card page's calls.
import { z } from 'zod';
import { CARD_HANDLE_PATTERN, CARD_SOURCES, PUBLIC_CARD_FIELDS, PublicCardRoutes } from './card-paths';
import { defineEndpoint } from './endpoint';
import { EmailSchema } from './fields';

/** 40 lower-case hex characters, a dash, then digits (spec §3 Card ID). */
export const CARD_ID_PATTERN = /^[0-9a-f]{40}-\d+$/;

export const INVALID_CARD_ID_MESSAGE = 'Please enter a valid Card ID.';

/** Whether `value` (surrounding spaces ignored, as the server trims) has the Card ID format. */
export function isCardId(value: string): boolean {
  return CARD_ID_PATTERN.test(value.trim());
}

export const NfcUidSchema = z.string().trim().max(80).regex(CARD_ID_PATTERN, INVALID_CARD_ID_MESSAGE);

/** A card as the public card page names it: by its Card ID, or by its owner's card link handle. */
export const CardKeySchema = z
  .string()
  .trim()
  .max(80)
  .regex(new RegExp(`${CARD_ID_PATTERN.source}|${CARD_HANDLE_PATTERN.source}`), INVALID_CARD_ID_MESSAGE);

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** Loose on purpose: people type "linkedin.com/in/ada"; the page adds https:// when it is missing. */
const optionalUrl = (label: string) =>
  optionalText(300, label)
    .refine((value) => value === '' || /^\S+\.\S+$/.test(value), `${label} must be a web address`)
    // The same rule for the API reference, which cannot run the function: blank, or a dot between non-spaces.
    .meta({ pattern: '^\\s*(\\S+\\.\\S+)?\\s*$' });

/** A business card as the server sends it back. */
export const BusinessCardViewSchema = z.object({
  pronouns: z.string(),
  name: z.string(),
  company: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  linkedinURL: z.string(),
  additionalURL: z.string(),
});
export type BusinessCardView = z.infer<typeof BusinessCardViewSchema>;

/** A business card as a member submits it: name and email required, the rest checked loosely. */
export const BusinessCardSchema = z.object({
  pronouns: optionalText(40, 'Pronouns'),
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  company: optionalText(120, 'Company'),
  role: optionalText(120, 'Role'),
  email: EmailSchema,
  phone: optionalText(40, 'Phone')
    .refine(
      (value) => value === '' || /^\+?[\d\s().-]{3,}$/.test(value),
      'Phone may contain only digits, spaces, +, -, ( and )',
    )
    .meta({ pattern: '^\\s*(\\+?[\\d\\s().-]{3,})?\\s*$' }),
  linkedinURL: optionalUrl('LinkedIn'),
  additionalURL: optionalUrl('Website'),
});
export type BusinessCard = z.output<typeof BusinessCardSchema>;
export type BusinessCardInput = z.input<typeof BusinessCardSchema>;

export const UpdateProfileRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters')
    .optional(),
  email: EmailSchema.optional(),
  nfcUID: NfcUidSchema.nullable().optional(),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

export const NfcUidParamsSchema = z.object({ nfcUID: z.string().max(80) });

/** What anyone may see of a linked card (spec §3 "Card info from the card lookup"). */
export const PublicCardSchema = BusinessCardViewSchema.extend({
  nfcUID: z.string(),
  userId: z.string(),
});
export type PublicCard = z.output<typeof PublicCardSchema>;
// card-paths.ts names the card's fields without importing this file (no import loop): a name that is
// not a field of PublicCard fails here.
PUBLIC_CARD_FIELDS satisfies readonly (keyof PublicCard)[];

/** Distinguishes "nobody has activated this card yet" from "no such card" in a 404. */
export const CardLookupErrorSchema = z.object({
  error: z.string(),
  code: z.enum(['CARD_UNCLAIMED', 'CARD_NOT_FOUND']),
});
export type CardLookupError = z.infer<typeof CardLookupErrorSchema>;

export const MAX_CARDS_PER_BATCH = 1000;

export const IssueCardsRequestSchema = z.object({
  count: z
    .number('count must be a number')
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(MAX_CARDS_PER_BATCH, `count must be at most ${MAX_CARDS_PER_BATCH}`),
});

export const IssuedCardSchema = z.object({ nfcUID: z.string(), url: z.string() });
export const IssueCardsResponseSchema = z.object({ cards: z.array(IssuedCardSchema) });
export type IssuedCard = z.infer<typeof IssuedCardSchema>;

export const CardEventTypeSchema = z.enum(['view', 'tap', 'link_click', 'save']);
export type CardEventType = z.infer<typeof CardEventTypeSchema>;

/**
 * Reported by the public card page; `link` says which action was used for a link_click, `source` how the
 * visitor came (absent from pages built before it existed: counted as other).
 */
export const CardEventRequestSchema = z.object({
  type: CardEventTypeSchema,
  link: z.enum(['email', 'phone', 'linkedin', 'website', 'vcard', 'share']).optional(),
  referrer: z.enum(['none', 'internal', 'external']).default('none'),
  source: z.enum(CARD_SOURCES).optional(),
});
export type CardEventRequest = z.input<typeof CardEventRequestSchema>;

/**
 * The outcome of a card lookup as the public card page holds it: the server-rendered page inlines it
 * (server/modules/card-pages) and the client hydrates from it or fetches it (src/api/cards.ts).
 */
export type CardLookupResult =
  | { kind: 'card'; card: PublicCard }
  | { kind: 'unclaimed'; nfcUID: string }
  | { kind: 'not-found'; nfcUID: string };

export const LookUpCardEndpoint = defineEndpoint({
  ...PublicCardRoutes.lookup,
  summary: 'What anyone may see of a linked card. A 404 says whether the card is unclaimed or unknown.',
  auth: 'none',
  params: NfcUidParamsSchema,
  responses: { 200: PublicCardSchema },
  errors: ['CARD_NOT_FOUND', 'CARD_UNCLAIMED'],
});

export const DownloadCardVCardEndpoint = defineEndpoint({
  ...PublicCardRoutes.vcard,
  summary: 'The card as a vCard file, for the address book.',
  auth: 'none',
  params: NfcUidParamsSchema,
  responses: { 200: z.string() },
  produces: 'text/vcard',
  errors: ['CARD_NOT_FOUND', 'CARD_UNCLAIMED'],
});

export const RecordCardEventEndpoint = defineEndpoint({
  ...PublicCardRoutes.events,
  summary: 'Records a view, tap, link click or save on the public card page (for the owner’s insights).',
  auth: 'none',
  params: NfcUidParamsSchema,
  body: CardEventRequestSchema,
  responses: { 204: z.void() },
  errors: ['RATE_LIMITED', 'CARD_NOT_FOUND', 'CARD_UNCLAIMED'],
});

export const IssueCardsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards',
  summary: 'Issues a batch of new Card IDs, each with the URL to write onto its NFC tag.',
  auth: 'admin',
  body: IssueCardsRequestSchema,
  responses: { 201: IssueCardsResponseSchema },
  errors: [],
});

export const ExportCardsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/cards/export',
  summary: 'Every issued card as CSV, one row per card with the URL for its tag (for the NFC encoder).',
  auth: 'admin',
  responses: { 200: z.string() },
  produces: 'text/csv',
  errors: [],
});

export const cardEndpoints = [
  LookUpCardEndpoint,
  DownloadCardVCardEndpoint,
  RecordCardEventEndpoint,
  IssueCardsEndpoint,
  ExportCardsEndpoint,
];
