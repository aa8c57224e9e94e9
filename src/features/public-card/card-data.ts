// The card inlined in the server-rendered page, so the client hydrates without asking again.
import type { CardLookupResult } from '../../../contract/card';
import { CARD_MESSAGE_KINDS } from '../../../contract/card-paths';
import { parsePublicCard, parseTap } from '../../api/cards';

export const CARD_DATA_ELEMENT_ID = 'card-data';

/**
 * A JSON data block is never executed (so script-src 'self' allows it), but the HTML parser ends it at
 * the first "</script"; escaping <, > and & keeps any text a member types inside the block.
 */
export function serializeCardData(data: CardLookupResult): string {
  const json = JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${CARD_DATA_ELEMENT_ID}">${json}</script>`;
}

/** The inlined card for this nfcUID, or null when the page came from the offline shell. */
export function readCardData(doc: Document, nfcUID: string): CardLookupResult | null {
  const text = doc.getElementById(CARD_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || !('kind' in data)) return null;
    if (data.kind === 'card' && 'card' in data) {
      const card = parsePublicCard(data.card);
      if (card?.nfcUID !== nfcUID) return null;
      return 'tap' in data ? { kind: 'card', card, tap: parseTap(data.tap) } : { kind: 'card', card };
    }
    const kind = Object.values(CARD_MESSAGE_KINDS).find((known) => known === data.kind);
    if (kind) return { kind, nfcUID };
    return null;
  } catch {
    return null;
  }
}
