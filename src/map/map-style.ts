// What the map draws underneath the markers: the bundled world basemap, or an online style when configured.

import type { Feature, FeatureCollection, Position } from 'geojson';
import type { FilterSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { MapStyleEndpoint } from '../../contract/map';
import { getJson, isAnswering, send } from '../api/transport';
import { loadPlaceLabels } from './offline-places';
import { loadDetailedCountries } from './world-countries';

/**
 * The bundled basemap's closest zoom: its 1:50m coasts and towns of 50,000 people still make a readable
 * region there (about 250 km across a phone); closer, it would be an empty colour (a contact's zoom 15
 * needs the online style's streets), so the map stops and says why (base-map.tsx).
 */
export const OFFLINE_MAX_ZOOM = 7;

export interface MapStyle {
  spec: StyleSpecification;
  /** Where the online style came from, which its relative addresses resolve against; unset for the bundled one. */
  styleUrl?: string;
  maxZoom?: number;
  /** An online style is configured but could not be reached: the outline stands in, and the map says so. */
  isFallback: boolean;
}

const WATER = '#cfe0ee';
const LAND = '#f6f4ee';
const BORDER = '#b5ae9c';
const COUNTRY_NAME = '#6b6353';
const TOWN_NAME = '#1f2937';
const HALO = '#ffffff';
/**
 * No glyph server offline: with no `glyphs` URL, maplibre draws each letter with the browser's own fonts,
 * so names need no download and no network.
 */
const LABEL_FONT: string[] = ['system-ui', 'sans-serif'];
/** A name shows once the map's zoom reaches the zoom its file gives it (scripts/generate-offline-places.ts). */
const FROM_ITS_ZOOM: FilterSpecification = ['<=', ['get', 'minZoom'], ['zoom']];

/** Natural Earth's id of Antarctica, whose ring runs along the pole that a web map cannot draw. */
const ANTARCTICA_ID = '010';

/**
 * A ring that crosses the antimeridian jumps from 180° to -180° (Russia, Fiji): a web map draws that jump
 * as a band across the whole world. Each point after a jump is moved by 360° instead, so the ring runs
 * on past 180° as the map's next world copy expects.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  let shift = 0;
  return ring.map(([lng = 0, lat = 0], at) => {
    const previous = ring[at - 1]?.[0];
    if (previous !== undefined && lng - previous > 180) shift -= 360;
    else if (previous !== undefined && previous - lng > 180) shift += 360;
    return [lng + shift, lat];
  });
}

function unwrapFeature(country: Feature): Feature {
  const { geometry } = country;
  if (geometry.type === 'Polygon') {
    return { ...country, geometry: { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) } };
  }
  if (geometry.type === 'MultiPolygon') {
    const coordinates = geometry.coordinates.map((polygon) => polygon.map(unwrapRing));
    return { ...country, geometry: { ...geometry, coordinates } };
  }
  return country;
}

/** The countries as a web map can draw them without artefacts at any size (newcomer review, M3). */
export function basemapCountries(countries: FeatureCollection): FeatureCollection {
  return {
    ...countries,
    features: countries.features.filter((country) => country.id !== ANTARCTICA_ID).map(unwrapFeature),
  };
}

/**
 * Names from a source of place labels (offline-places.ts): each from its own zoom, the more important
 * placed first where two would overlap, `size` in pixels at two zooms ([zoom, px, zoom, px]).
 */
function nameLayer(
  id: string,
  source: string,
  look: {
    size: [number, number, number, number];
    color: string;
    halo: string;
    layout?: SymbolLayerSpecification['layout'];
  },
): SymbolLayerSpecification {
  return {
    id,
    type: 'symbol',
    source,
    filter: FROM_ITS_ZOOM,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': LABEL_FONT,
      'text-size': ['interpolate', ['linear'], ['zoom'], ...look.size],
      'text-max-width': 8,
      'symbol-sort-key': ['get', 'rank'],
      ...look.layout,
    },
    paint: { 'text-color': look.color, 'text-halo-color': look.halo, 'text-halo-width': 1.5 },
  };
}

async function loadOfflineStyle(isFallback: boolean): Promise<MapStyle> {
  const [countries, places] = await Promise.all([loadDetailedCountries(), loadPlaceLabels()]);
  const attribution = 'Natural Earth, GeoNames';
  const spec: StyleSpecification = {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: basemapCountries(countries), attribution },
      countryNames: { type: 'geojson', data: places.countries },
      towns: { type: 'geojson', data: places.towns },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': LAND } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 7, 1.5] },
      },
      nameLayer('country-names', 'countryNames', {
        size: [1, 11, 6, 15],
        color: COUNTRY_NAME,
        halo: LAND,
        layout: { 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 },
      }),
      nameLayer('town-names', 'towns', { size: [2, 12, 7, 14], color: TOWN_NAME, halo: HALO }),
    ],
  };
  return { spec, maxZoom: OFFLINE_MAX_ZOOM, isFallback };
}

/**
 * The operator's online style (MAP_STYLE_URL, docs/behaviour/maps.md), null when turned off. Answered by the
 * service worker's cache when offline, so a member who saw the map before still gets their streets.
 */
async function fetchStyleUrl(): Promise<string | null> {
  const outcome = await send(MapStyleEndpoint);
  if (!outcome.ok) throw new Error(`The map setting could not be loaded (${outcome.failure.kind})`);
  return outcome.value.styleUrl;
}

/**
 * A style can load (from the service worker's cache) while its tile server is down or out of reach:
 * asking for the first source's TileJSON, or its top tile, tells a map that would stay blank from one
 * that will draw. Both are cached once seen, so this also answers offline for places seen before.
 */
function probeUrlOf(spec: StyleSpecification, styleUrl: string): string | undefined {
  for (const source of Object.values(spec.sources)) {
    const url = 'url' in source ? source.url : undefined;
    const tile = 'tiles' in source ? source.tiles?.[0] : undefined;
    const probe = url ?? tile?.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');
    if (probe) return new URL(probe, styleUrl).href;
  }
  return undefined;
}

/** A tile server that neither answers nor refuses would otherwise keep the map loading for minutes. */
const ONLINE_STYLE_TIMEOUT_MS = 8000;

/** Enough of a style to draw from: maplibre checks the rest, and says so itself. */
function parseStyle(body: unknown): StyleSpecification | null {
  return typeof body === 'object' && body !== null && 'sources' in body && 'layers' in body
    ? (body as StyleSpecification)
    : null;
}

async function loadOnlineStyle(styleUrl: string): Promise<MapStyle | undefined> {
  const signal = AbortSignal.timeout(ONLINE_STYLE_TIMEOUT_MS);
  const style = await getJson(styleUrl, { signal, parse: parseStyle });
  if (!style.ok) return undefined;
  const probeUrl = probeUrlOf(style.value, styleUrl);
  if (probeUrl && !(await isAnswering(probeUrl, { signal }))) return undefined;
  return { spec: style.value, styleUrl, isFallback: false };
}

/**
 * The online style when one is configured and its server answers; otherwise the bundled outline, so a
 * map never stays blank for want of a network (with a note when streets were expected).
 */
async function resolveStyle(): Promise<MapStyle> {
  try {
    const styleUrl = await fetchStyleUrl();
    if (!styleUrl) return loadOfflineStyle(false);
    const online = await loadOnlineStyle(styleUrl);
    if (online) return online;
  } catch {
    // Offline before anything was cached, or the tile server is down: the outline below.
  }
  return loadOfflineStyle(true);
}

let style: Promise<MapStyle> | undefined;

/** Loaded once per page: every map after the first opens at once. */
export function loadMapStyle(): Promise<MapStyle> {
  style ??= resolveStyle().catch((error: unknown) => {
    style = undefined;
    throw error;
  });
  return style;
}
