// Natural Earth's 1:110m countries (about 100 KB), a static file of the build that the service worker
// precaches with the app: the offline basemap and the security dashboard's attack map both draw them.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-110m.json?url';
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

let countries: Promise<FeatureCollection> | undefined;

/** Loaded once per page; a failed load is forgotten, so the next map tries again. */
export function loadWorldCountries(): Promise<FeatureCollection> {
  countries ??= getJson(countriesUrl, { parse: parseCountries }).then((outcome) => {
    if (outcome.ok) return feature(outcome.value, outcome.value.objects.countries);
    countries = undefined;
    const reason = outcome.failure.kind === 'unreachable' ? outcome.failure.message : outcome.failure.status;
    throw new Error(`The world map could not be loaded (${reason})`);
  });
  return countries;
}
