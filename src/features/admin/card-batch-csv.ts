// The CSV of a batch just issued, for the NFC encoder: the same first columns as the server's export
// (GET /api/admin/cards/export), so one encoder set-up reads both. Card IDs and URLs need no quoting:
// hex, digits, a dash and the server's own URL.
import type { IssuedCard } from '../../../contract/card';

export function cardBatchCsv(cards: readonly IssuedCard[]): string {
  return ['nfcUID,url', ...cards.map((card) => `${card.nfcUID},${card.url}`)]
    .map((line) => `${line}\r\n`)
    .join('');
}
