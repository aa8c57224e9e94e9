// A visitor of a public card shares their own details with its owner, with no account (issue 26).
import { z } from 'zod';
import { BusinessCardSchema, NfcUidParamsSchema } from './card';
import { CARD_SOURCES, PublicCardRoutes, SHARED_DETAILS_LIMITS } from './card-paths';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import { EmailSchema } from './fields';

export const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** A person's details as a member or a visitor types them: a name, and the rest may be empty. */
export const PersonDetailsFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(SHARED_DETAILS_LIMITS.name, `Name must be at most ${SHARED_DETAILS_LIMITS.name} characters`),
  email: z.union([z.literal(''), EmailSchema]).default(''),
  phone: BusinessCardSchema.shape.phone,
  company: optionalText(SHARED_DETAILS_LIMITS.company, 'Company'),
  role: optionalText(SHARED_DETAILS_LIMITS.role, 'Role'),
};

/**
 * A name and a way to reach them (an e-mail, a phone or both), and the visitor's consent to what the
 * owner receives. `leaveEmpty` is a field people never see: whatever fills it is a bot, answered as if
 * all went well and stored nowhere.
 */
export const ShareDetailsRequestSchema = z
  .object({
    ...PersonDetailsFields,
    note: optionalText(SHARED_DETAILS_LIMITS.note, 'Note'),
    consent: z.literal(true, 'Please agree to share your details'),
    /** The visitor asks for a copy of the owner's card by e-mail. */
    sendMeTheCard: z.boolean().default(false),
    /** How the visitor came to the card, as the page's analytics tell it. */
    source: z.enum(CARD_SOURCES).default('other'),
    leaveEmpty: z.string().max(300).default(''),
  })
  .refine((body) => body.email !== '' || body.phone !== '', {
    message: 'Please give an e-mail address or a phone number',
    path: ['email'],
  })
  .refine((body) => !body.sendMeTheCard || body.email !== '', {
    message: 'An e-mail address is needed to send you the card',
    path: ['email'],
  });
export type ShareDetailsRequest = z.input<typeof ShareDetailsRequestSchema>;

export const SharedDetailsMessages = {
  shared: 'Details shared',
} as const;

export const ShareDetailsEndpoint = defineEndpoint({
  ...PublicCardRoutes.shareDetails,
  summary:
    'A visitor shares their details with the card’s owner, who finds them in their contacts (no account needed).',
  auth: 'none',
  params: NfcUidParamsSchema,
  body: ShareDetailsRequestSchema,
  responses: { 201: MessageResponseSchema },
  errors: ['RATE_LIMITED', 'CARD_NOT_FOUND', 'CARD_UNCLAIMED', 'SHARE_LIMIT_REACHED'],
});

export const sharedDetailsEndpoints = [ShareDetailsEndpoint];
