// Taking a card away from its page (issue 26 point 4): "E-mail me this card" for a phone that will not
// import a vCard, and the card's QR code as an image that an e-mail signature can show.
import { z } from 'zod';
import { NfcUidParamsSchema } from './card';
import { PublicCardRoutes } from './card-paths';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import { EmailSchema } from './fields';

/** `leaveEmpty` is a field people never see: whatever fills it is a bot, answered as a person and sent nothing. */
export const EmailMeCardRequestSchema = z.object({
  email: EmailSchema,
  leaveEmpty: z.string().max(300).default(''),
});
export type EmailMeCardRequest = z.input<typeof EmailMeCardRequestSchema>;

export const CardCopyMessages = {
  /** The same answer whether or not a mail goes: nobody learns from it what an address has asked before. */
  onItsWay: 'The card is on its way to your inbox.',
} as const;

export const EmailMeCardEndpoint = defineEndpoint({
  ...PublicCardRoutes.emailMe,
  summary:
    'A visitor of a card page has the card e-mailed to them (the vCard attached and the card’s link), no account needed.',
  auth: 'none',
  params: NfcUidParamsSchema,
  body: EmailMeCardRequestSchema,
  responses: { 202: MessageResponseSchema },
  errors: ['RATE_LIMITED', 'CARD_NOT_FOUND', 'CARD_UNCLAIMED'],
});

export const CardQrCodeEndpoint = defineEndpoint({
  ...PublicCardRoutes.qrCode,
  summary:
    'The card link’s QR code as a PNG image, for an e-mail signature (mail clients show images by URL, not inline).',
  auth: 'none',
  params: NfcUidParamsSchema,
  responses: { 200: z.string() },
  produces: 'image/png',
  errors: ['RATE_LIMITED', 'CARD_NOT_FOUND', 'CARD_UNCLAIMED'],
});

export const cardCopyEndpoints = [EmailMeCardEndpoint, CardQrCodeEndpoint];
