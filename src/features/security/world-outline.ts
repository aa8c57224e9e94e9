// The attack map's world: Natural Earth's 1:110m countries that the offline basemap already ships (and the
// service worker precaches), projected once into SVG paths. Markers are placed with the same projection.
import { geoGraticule10, geoNaturalEarth1, geoPath } from 'd3-geo';
import { loadWorldCountries } from '../../map/world-countries';

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 500;

const projection = geoNaturalEarth1().fitSize([MAP_WIDTH, MAP_HEIGHT], { type: 'Sphere' });
const toPath = geoPath(projection);

/** The outline of the globe and its graticule: drawn without any data, so also the fallback image. */
export const SPHERE_PATH = toPath({ type: 'Sphere' }) ?? '';
export const GRATICULE_PATH = toPath(geoGraticule10()) ?? '';

/** Where [longitude, latitude] lands on the map, in map units (0..MAP_WIDTH, 0..MAP_HEIGHT). */
export function projectPoint(lonLat: readonly [number, number]): { x: number; y: number } {
  const [x, y] = projection([lonLat[0], lonLat[1]]) ?? [MAP_WIDTH / 2, MAP_HEIGHT / 2];
  return { x, y };
}

/** The countries as one SVG path (the file is loaded once per page, and again after a failure). */
export async function loadCountriesPath(): Promise<string> {
  return toPath(await loadWorldCountries()) ?? '';
}
