// Cards: the business card a member shows, the NFC card IDs operators issue, and the public card page's calls.
import { z } from 'zod';
import {
  CARD_HANDLE_PATTERN,
  CARD_SOURCES,
  PUBLIC_CARD_FIELDS,
  PublicCardRoutes,
  TAP_C_PATTERN,
  TAP_P_PATTERN,
} from './card-paths';
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

/**
 * What a tap proved (docs/behaviour/secure-cards.md): `verified` only when the tap URL of a secure card
 * carried a valid signature and a counter above the card's last; then `counter` is that counter. The
 * answer never says which check failed.
 */
export const TapSchema = z.object({ verified: z.boolean(), counter: z.number().int().nullable() });
export type Tap = z.infer<typeof TapSchema>;

export const UNVERIFIED_TAP: Tap = { verified: false, counter: null };

/** The card as the lookup answers it: what anyone may see, and what the tap that opened it proved. */
export const CardLookupResponseSchema = PublicCardSchema.extend({ tap: TapSchema });

const tapParameter = z.string().max(64).optional();

/**
 * A secure card's tap URL (NTAG 424 DNA SUN, NXP AN12196): `p` the encrypted tag data (32 hex), `c`
 * the MAC (16 hex); `picc_data` and `cmac` are the names NXP's examples use. Checked by the verifier,
 * not here: a malformed value is an unverified tap, never an error that tells what was wrong.
 */
export const TapQuerySchema = z.object({
  p: tapParameter,
  c: tapParameter,
  picc_data: tapParameter,
  cmac: tapParameter,
});
export type TapQuery = z.infer<typeof TapQuerySchema>;

/** A tap's signed data as a save carries it (the page's URL had them): verified again by the server. */
export const TapProofSchema = z.object({
  p: z.string().regex(TAP_P_PATTERN, 'p must be 32 hex characters'),
  c: z.string().regex(TAP_C_PATTERN, 'c must be 16 hex characters'),
});
export type TapProof = z.infer<typeof TapProofSchema>;
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

/** A random id a browser keeps for card pages; the server keeps only its salted daily hash. */
export const CardVisitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * Reported by the public card page; `link` says which action was used for a link_click, `source` how the
 * visitor came (absent from pages built before it existed: counted as other), `visitor` who came, so that
 * repeat openings count once and visitors behind one address are told apart (absent: the address and
 * browser stand for the visitor). The owner's own events are not counted (sent with their token). A tap
 * event carries `tap`, the signed data of the tap that opened the page, when the lookup verified it: it
 * counts as a verified tap when that data is still the card's last verified tap.
 */
export const CardEventRequestSchema = z.object({
  type: CardEventTypeSchema,
  link: z.enum(['email', 'phone', 'linkedin', 'website', 'vcard', 'share']).optional(),
  referrer: z.enum(['none', 'internal', 'external']).default('none'),
  source: z.enum(CARD_SOURCES).optional(),
  visitor: CardVisitorIdSchema.optional(),
  tap: TapProofSchema.optional(),
});
export type CardEventRequest = z.input<typeof CardEventRequestSchema>;

/**
 * The outcome of a card lookup as the public card page holds it: the server-rendered page inlines it
 * (server/modules/card-pages) and the client hydrates from it or fetches it (src/api/cards.ts).
 */
export type CardLookupResult =
  | { kind: 'card'; card: PublicCard; tap?: Tap }
  | { kind: 'unclaimed'; nfcUID: string }
  | { kind: 'not-found'; nfcUID: string };

export const LookUpCardEndpoint = defineEndpoint({
  ...PublicCardRoutes.lookup,
  summary:
    'What anyone may see of a linked card, and whether the tap that opened it is verified (secure cards: p and c). A 404 says whether the card is unclaimed or unknown.',
  auth: 'none',
  params: NfcUidParamsSchema,
  query: TapQuerySchema,
  responses: { 200: CardLookupResponseSchema },
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
  summary:
    'Records a view, tap, link click or save on the public card page (for the owner’s insights): not the owner’s own, and once per visitor in 30 minutes.',
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

const hexKey = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{32}$/, `${name} must be 32 hex characters (an AES-128 key)`)
    .optional();

/**
 * One secure card: the tag's 7-byte UID (14 hex) and its two SDM keys as the supplier gives them, or
 * the UID alone for keys diversified from the issuer key (CARD_ISSUER_KEY, NXP AN10922). With `nfcUID`
 * of a secure card already issued, the keys replace that card's (rotation: the old ones still verify
 * until the card shows the new ones).
 */
export const SecureCardEntrySchema = z
  .object({
    nfcUID: NfcUidSchema.optional(),
    uid: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{14}$/, 'uid must be 14 hex characters (the 7-byte tag UID)')
      .optional(),
    metaReadKey: hexKey('metaReadKey'),
    fileReadKey: hexKey('fileReadKey'),
  })
  .refine(
    (entry) => (entry.metaReadKey === undefined) === (entry.fileReadKey === undefined),
    'metaReadKey and fileReadKey go together',
  )
  .refine(
    (entry) => entry.metaReadKey !== undefined || entry.uid !== undefined,
    'Give the keys, or the uid to diversify them from',
  );
export type SecureCardEntry = z.output<typeof SecureCardEntrySchema>;

/** Cards per request: 500 entries with their keys stay under the API's 100 KiB body limit. */
export const MAX_SECURE_CARDS_PER_REQUEST = 500;

export const RegisterSecureCardsRequestSchema = z.object({
  cards: z
    .array(SecureCardEntrySchema)
    .min(1, 'cards must hold at least one card')
    .max(MAX_SECURE_CARDS_PER_REQUEST, `cards must hold at most ${MAX_SECURE_CARDS_PER_REQUEST} cards`),
});

export const RegisterSecureCardsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/secure',
  summary:
    'Issues secure (NTAG 424 DNA) cards, or rotates their keys, each with the tap URL template to encode. The keys are stored encrypted and never answered.',
  auth: 'admin',
  body: RegisterSecureCardsRequestSchema,
  responses: { 201: IssueCardsResponseSchema },
  errors: ['SECURE_CARDS_OFF', 'CARD_KEYS_NEEDED', 'CARD_UID_TAKEN', 'CARD_NOT_FOUND'],
});

export const cardEndpoints = [
  LookUpCardEndpoint,
  DownloadCardVCardEndpoint,
  RecordCardEventEndpoint,
  IssueCardsEndpoint,
  ExportCardsEndpoint,
  RegisterSecureCardsEndpoint,
];
