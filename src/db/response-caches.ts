// Service-worker caches that hold a member's own API answers (sw/sw.ts). Ending a session deletes them
// (clearSession), so the next person on the device never sees them; the map's tiles are nobody's and stay.
export const MAP_CONTACTS_CACHE = 'tapnet-map-contacts';
/** Card photos seen (contacts' and the member's own): anyone may fetch them, but together they say whom the member met. */
export const CARD_PHOTOS_CACHE = 'tapnet-card-photos';

const MEMBER_RESPONSE_CACHES = [MAP_CONTACTS_CACHE, CARD_PHOTOS_CACHE];

export async function clearMemberResponseCaches(): Promise<void> {
  if (!('caches' in globalThis)) return;
  await Promise.all(MEMBER_RESPONSE_CACHES.map((name) => caches.delete(name)));
}

/**
 * The on-device OCR engine's files (src/features/add-someone/ocr-files.ts), served from our own origin:
 * not member data, so kept across sessions; cached on first use, never precached.
 */
export const OCR_BASE_PATH = '/ocr';
export const OCR_CACHE = 'tapnet-ocr';
