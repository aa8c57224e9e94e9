// The country where two people met, from the coordinates of the save: an offline lookup in
// `@rapideditor/country-coder`'s borders, so no place a member has been is sent anywhere (DESIGN.md §4
// Geography). Territories count as their own country (Puerto Rico, Hong Kong), as people name them.
import { feature, iso1A2Code } from '@rapideditor/country-coder';

/** ISO 3166-1 alpha-2 of the country at lat/lng, or null at sea and outside every border. */
export function contactCountryCode(lat: number, lng: number): string | null {
  return iso1A2Code([lng, lat], { level: 'territory' });
}

/** The English name of a country code ("FR" → "France"); the code itself when the borders lack it. */
export function countryName(code: string): string {
  return feature(code, { level: 'territory' })?.properties.nameEn ?? code;
}
