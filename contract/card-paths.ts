// The public card's API paths and fields, apart from their declarations in card.ts: the public card page
// builds its URLs and checks its data with these without loading zod (it must stay under its JavaScript
// budget, README Budgets).
import type { PublicCard } from './card';

export const PublicCardPaths = {
  lookup: '/api/nfc/:nfcUID',
  vcard: '/api/nfc/:nfcUID/vcard',
  events: '/api/nfc/:nfcUID/events',
} as const;

export const PUBLIC_CARD_FIELDS = [
  'nfcUID',
  'userId',
  'pronouns',
  'name',
  'company',
  'role',
  'email',
  'phone',
  'linkedinURL',
  'additionalURL',
] as const satisfies readonly (keyof PublicCard)[];
