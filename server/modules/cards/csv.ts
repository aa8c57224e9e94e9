// CSV files people download: the card list an NFC encoder works from, and a member's contacts export.
export function cardUrl(publicUrl: string, nfcUid: string): string {
  return `${publicUrl}/nfc/${nfcUid}`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** Digits, spaces and + - ( ) . only: no letters, so no function call or cell reference to run. */
const NUMBER_LIKE = /^[+\-\d\s().]+$/;

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula, so text people typed (a contact's
 * name, notes) is prefixed with an apostrophe there (OWASP "CSV Injection"). Phone numbers and
 * coordinates stay as they are: without letters they cannot call anything.
 */
function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180: CRLF line ends, fields quoted only when they need it. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
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
