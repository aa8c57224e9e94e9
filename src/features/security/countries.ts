// Country names and fixed attack-map positions by ISO 3166-1 alpha-2 code (insights-and-operators.md §2, §3).
import { COUNTRY_CENTROIDS } from './country-centroids';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The full English name; a code the browser cannot name (or cannot read) shows as the code. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** [longitude, latitude] of the map's centre, where an unknown code's marker goes. */
export const MAP_CENTRE: readonly [number, number] = [0, 0];

export function countryPosition(code: string): { lonLat: readonly [number, number]; isKnown: boolean } {
  const key = code.toUpperCase();
  const known = Object.hasOwn(COUNTRY_CENTROIDS, key) ? COUNTRY_CENTROIDS[key] : undefined;
  return known ? { lonLat: known, isKnown: true } : { lonLat: MAP_CENTRE, isKnown: false };
}
