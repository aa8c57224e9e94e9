// The card list an NFC encoder works from, as CSV.
import { toCsv } from '../../platform/csv';

export function cardUrl(publicUrl: string, nfcUid: string): string {
  return `${publicUrl}/nfc/${nfcUid}`;
}

export function cardsToCsv(
  cards: { nfc_uid: string; user_id: string | null; issued_at: Date }[],
  publicUrl: string,
): string {
  const rows = cards.map((card) => [
    card.nfc_uid,
    cardUrl(publicUrl, card.nfc_uid),
    card.user_id ? 'claimed' : 'unclaimed',
    card.issued_at.toISOString(),
  ]);
  return toCsv(['nfcUID', 'url', 'state', 'issuedAt'], rows);
}
