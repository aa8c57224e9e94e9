// What the map draws underneath the markers: the bundled world basemap, or an online style when configured.

import type { FeatureCollection } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-110m.json?url';

/**
 * Build-time setting: a MapLibre style URL (e.g. a vector tile service). Unset, the map shows only the
 * bundled low-detail countries, which need no network at all.
 */
const ONLINE_STYLE_URL: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined;

/**
 * The bundled countries have nothing to show beyond this zoom; closer, a map would be an empty colour
 * (a contact's zoom 15 needs the online style's streets).
 */
const BASEMAP_MAX_ZOOM = 5;

export interface MapStyle {
  spec: StyleSpecification;
  maxZoom?: number;
}

const WATER = '#cfe0ee';
const LAND = '#f6f4ee';
const BORDER = '#b5ae9c';

/** Natural Earth's 1:110m countries: about 100 KB, precached by the service worker with the app. */
async function loadCountries(): Promise<FeatureCollection> {
  const response = await fetch(countriesUrl);
  if (!response.ok) throw new Error(`The offline basemap could not be loaded (${response.status})`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  return feature(topology, topology.objects.countries);
}

async function loadOfflineStyle(): Promise<MapStyle> {
  const spec: StyleSpecification = {
    version: 8,
    sources: {
      countries: {
        type: 'geojson',
        data: await loadCountries(),
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': LAND } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] },
      },
    ],
  };
  return { spec, maxZoom: BASEMAP_MAX_ZOOM };
}

/**
 * The online style when one is configured and reachable (the service worker keeps it, and the tiles seen,
 * for offline use); otherwise the bundled basemap, so a map never stays blank for want of a network.
 */
async function resolveStyle(): Promise<MapStyle> {
  if (ONLINE_STYLE_URL) {
    try {
      const response = await fetch(ONLINE_STYLE_URL);
      if (response.ok) return { spec: (await response.json()) as StyleSpecification };
    } catch {
      // Offline and not cached yet: the bundled basemap below still shows where people met.
    }
  }
  return loadOfflineStyle();
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
