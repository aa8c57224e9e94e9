// The public card's API paths, apart from their declarations in card.ts: the public card page builds
// its URLs from these without loading zod (it must stay under its JavaScript budget, README Budgets).
export const PublicCardPaths = {
  lookup: '/api/nfc/:nfcUID',
  vcard: '/api/nfc/:nfcUID/vcard',
  events: '/api/nfc/:nfcUID/events',
} as const;
