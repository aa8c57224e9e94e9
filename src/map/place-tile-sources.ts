// The online style's tile addresses, read from the style and its TileJSON, and the tiles around the
// member's places that the map screen asks the service worker to keep (place-tiles.ts says which).
import type { SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapContact } from '../../contract/contacts';
import { getJson } from '../api/transport';
import { loadMapStyle } from './map-style';
import { newestPlaces, placeTileUrls, type TileSource } from './place-tiles';

/** Only {z}/{x}/{y} addresses: other schemes ({quadkey}, tms) are rare and are left to be cached as seen. */
function isXyzTemplate(template: string): boolean {
  return template.replace(/\{[zxy]\}/g, '').search(/[{}]/) === -1;
}

interface TileJson {
  tiles: string[];
  minzoom?: number;
  maxzoom?: number;
  scheme?: string;
}

function parseTileJson(body: unknown): TileJson | null {
  return typeof body === 'object' && body !== null && 'tiles' in body && Array.isArray(body.tiles)
    ? (body as TileJson)
    : null;
}

/** A template relative to its style or TileJSON, made absolute with its {z}/{x}/{y} left as they are. */
function absoluteTemplate(template: string, base: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(template)) return template;
  return new URL(template, base).href.replace(/%7B([zxy])%7D/g, '{$1}');
}

/** A style source's tile addresses: written in the style, or in its TileJSON (asked for, as the map does). */
async function tileSourceOf(source: SourceSpecification, styleUrl: string): Promise<TileSource | null> {
  if (source.type !== 'vector' && source.type !== 'raster') return null;
  // The style specification's sizes: vector tiles are always 512 px, raster ones 512 unless it says.
  const tileSize = source.type === 'raster' ? (source.tileSize ?? 512) : 512;
  let tiles = source.tiles;
  let minZoom = source.minzoom ?? 0;
  let maxZoom = source.maxzoom ?? 22;
  let base = styleUrl;
  if (!tiles && source.url) {
    base = new URL(source.url, styleUrl).href;
    const tileJson = await getJson(base, { parse: parseTileJson });
    if (!tileJson.ok || tileJson.value.scheme === 'tms') return null;
    tiles = tileJson.value.tiles;
    minZoom = tileJson.value.minzoom ?? minZoom;
    maxZoom = tileJson.value.maxzoom ?? maxZoom;
  }
  const templates = (tiles ?? []).filter(isXyzTemplate).map((template) => absoluteTemplate(template, base));
  return templates.length ? { templates, minZoom, maxZoom, tileSize } : null;
}

async function tileSourcesOf(spec: StyleSpecification, styleUrl: string): Promise<TileSource[]> {
  const sources = await Promise.all(
    Object.values(spec.sources).map((source) => tileSourceOf(source, styleUrl)),
  );
  return sources.filter((source) => source !== null);
}

/**
 * The online map's tile URLs around the member's places, the most wanted first; none with the bundled
 * basemap (nothing to fetch) or offline.
 */
export async function tilesAroundPlaces(contacts: readonly MapContact[]): Promise<string[]> {
  if (!navigator.onLine) return [];
  const style = await loadMapStyle();
  if (!style.styleUrl) return [];
  return placeTileUrls(newestPlaces(contacts), await tileSourcesOf(style.spec, style.styleUrl));
}
