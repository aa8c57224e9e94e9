// Natural Earth's countries, static files of the build that the service worker precaches with the app:
// the 1:110m outline (about 100 KB) for the security dashboard's attack map, the 1:50m one (about 750 KB,
// 240 KB gzip) for the offline basemap, whose closer zooms need coasts and borders that hold up.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries50mUrl from 'world-atlas/countries-50m.json?url';
import countries110mUrl from 'world-atlas/countries-110m.json?url';
import { getJson } from '../api/transport';

type Countries = Topology<{ countries: GeometryCollection }>;

/** The file is ours; a glance at its shape is enough to tell it from an error page. */
function parseCountries(body: unknown): Countries | null {
  if (typeof body !== 'object' || body === null || !('objects' in body)) return null;
  const { objects } = body;
  return typeof objects === 'object' && objects !== null && 'countries' in objects
    ? (body as Countries)
    : null;
}

const loads = new Map<string, Promise<FeatureCollection>>();

/** Loaded once per page; a failed load is forgotten, so the next map tries again. */
function loadCountries(url: string): Promise<FeatureCollection> {
  const known = loads.get(url);
  if (known) return known;
  const load = getJson(url, { parse: parseCountries }).then((outcome) => {
    if (outcome.ok) return feature(outcome.value, outcome.value.objects.countries);
    loads.delete(url);
    const reason = outcome.failure.kind === 'unreachable' ? outcome.failure.message : outcome.failure.status;
    throw new Error(`The world map could not be loaded (${reason})`);
  });
  loads.set(url, load);
  return load;
}

/** The 1:110m outline: enough for a whole-world picture. */
export function loadWorldCountries(): Promise<FeatureCollection> {
  return loadCountries(countries110mUrl);
}

/** The 1:50m countries: coasts and borders that still look right at a region's zoom. */
export function loadDetailedCountries(): Promise<FeatureCollection> {
  return loadCountries(countries50mUrl);
}
