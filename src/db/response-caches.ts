// Service-worker caches that hold a member's own API answers (sw/sw.ts). Ending a session deletes them
// (clearSession), so the next person on the device never sees them; the map's tiles are nobody's and stay.
export const MAP_CONTACTS_CACHE = 'tapnet-map-contacts';
/**
 * The online map's tiles around the places where the member met people (src/map/place-tiles.ts): which
 * tiles they are says where those places are, so they go with the session like the contacts themselves.
 */
export const MAP_PLACE_TILES_CACHE = 'tapnet-map-places';

/** What the page asks the service worker to keep in MAP_PLACE_TILES_CACHE: tile URLs, the most wanted first. */
export interface CachePlaceTilesMessage {
  type: 'CACHE_PLACE_TILES';
  urls: string[];
}

/** Hands the tiles to the service worker; without one controlling the page nothing would keep them. */
export function keepPlaceTiles(urls: string[]): void {
  const worker = globalThis.navigator?.serviceWorker?.controller;
  if (!worker || urls.length === 0) return;
  const message: CachePlaceTilesMessage = { type: 'CACHE_PLACE_TILES', urls };
  worker.postMessage(message);
}

/** Card photos seen (contacts' and the member's own): anyone may fetch them, but together they say whom the member met. */
export const CARD_PHOTOS_CACHE = 'tapnet-card-photos';

const MEMBER_RESPONSE_CACHES = [MAP_CONTACTS_CACHE, MAP_PLACE_TILES_CACHE, CARD_PHOTOS_CACHE];

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
