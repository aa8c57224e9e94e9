// The business card a member shows on their public card page (spec §3 BusinessCard).
import { z } from 'zod';

/** 40 lower-case hex characters, a dash, then digits (spec §3 Card ID). */
export const CARD_ID_PATTERN = /^[0-9a-f]{40}-\d+$/;

export const NfcUidSchema = z.string().regex(CARD_ID_PATTERN, 'Invalid Card ID');

const optionalText = (max: number) => z.string().trim().max(max).default('');

export const BusinessCardSchema = z.object({
  pronouns: optionalText(40),
  name: z.string().trim().min(1, 'Name is required').max(100),
  company: optionalText(120),
  role: optionalText(120),
  email: z.string().trim().max(254),
  phone: optionalText(40),
  linkedinURL: optionalText(300),
  additionalURL: optionalText(300),
});
export type BusinessCard = z.infer<typeof BusinessCardSchema>;
