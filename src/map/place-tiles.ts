// Which of the online map's tiles lie around the places where the member met people, for the service
// worker to keep (sw/sw.ts; place-tile-sources.ts reads the style, the map screen hands them over), so
// the map shows those places offline at street zoom even where it was never looked at that close.
// A bounded set: the newest places first, a few zooms, a block of tiles each; the worker also
// stops at a number of bytes (docs/behaviour/maps.md).
import type { MapContact } from '../../contract/contacts';

/** The places kept, newest first: older ones give way when the member meets people somewhere new. */
export const MAX_PLACES = 20;
/** The map's zooms made to work offline: a district (13) to the contact's own zoom (15, spec §9). */
export const VIEW_ZOOMS = [13, 14, 15] as const;
/** The view kept around each place: a desktop map's (1280 × 800 px), which also covers a phone's. */
const VIEW_HALF_WIDTH_PX = 640;
const VIEW_HALF_HEIGHT_PX = 400;
/** maplibre lays tiles out on a 512 px grid: a 256 px source is asked for one zoom deeper. */
const GRID_TILE_SIZE = 512;

/** One tile source of the style, as far as its tile addresses go. */
export interface TileSource {
  templates: readonly string[];
  minZoom: number;
  maxZoom: number;
  tileSize: number;
}

interface Place {
  lat: number;
  lng: number;
}

/** Where a place lies at `zoom`, in tiles (the web map's square projection, xyz numbering). */
function tilePosition({ lat, lng }: Place, zoom: number): { x: number; y: number } {
  const count = 2 ** zoom;
  const latRad = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  const x = ((lng + 180) / 360) * count;
  const y = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * count;
  return { x: Math.min(count - 1e-9, Math.max(0, x)), y: Math.min(count - 1e-9, Math.max(0, y)) };
}

/** The tile at `zoom` that holds a place. */
export function tileOf(place: Place, zoom: number): { x: number; y: number } {
  const { x, y } = tilePosition(place, zoom);
  return { x: Math.floor(x), y: Math.floor(y) };
}

/**
 * The newest distinct places first (one per street-zoom tile, so ten people met in one hall are one place),
 * at most MAX_PLACES.
 */
export function newestPlaces(contacts: readonly MapContact[]): Place[] {
  const newestFirst = [...contacts].sort((a, b) => Date.parse(b.dateAdded) - Date.parse(a.dateAdded));
  const seen = new Set<string>();
  const places: Place[] = [];
  for (const contact of newestFirst) {
    const { x, y } = tileOf(contact, 15);
    const key = `${x}/${y}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push({ lat: contact.lat, lng: contact.lng });
    if (places.length === MAX_PLACES) break;
  }
  return places;
}

/** Every tile URL the map would ask for around the places, at VIEW_ZOOMS, in the places' order, once each. */
export function placeTileUrls(places: readonly Place[], sources: readonly TileSource[]): string[] {
  const urls = new Set<string>();
  for (const place of places) {
    for (const source of sources) {
      const deeper = Math.log2(GRID_TILE_SIZE / source.tileSize);
      for (const viewZoom of VIEW_ZOOMS) {
        const zoom = Math.min(source.maxZoom, Math.max(source.minZoom, Math.round(viewZoom + deeper)));
        // A tile past the source's deepest zoom is drawn larger: fewer of them fill the view.
        const shownPx = source.tileSize * 2 ** (viewZoom + deeper - zoom);
        const at = tilePosition(place, zoom);
        const count = 2 ** zoom;
        const top = Math.max(0, Math.floor(at.y - VIEW_HALF_HEIGHT_PX / shownPx));
        const bottom = Math.min(count - 1, Math.floor(at.y + VIEW_HALF_HEIGHT_PX / shownPx));
        const left = Math.floor(at.x - VIEW_HALF_WIDTH_PX / shownPx);
        const right = Math.floor(at.x + VIEW_HALF_WIDTH_PX / shownPx);
        for (let y = top; y <= bottom; y++) {
          for (let column = left; column <= right; column++) {
            const x = ((column % count) + count) % count;
            for (const template of source.templates) {
              urls.add(
                template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y)),
              );
            }
          }
        }
      }
    }
  }
  return [...urls];
}
