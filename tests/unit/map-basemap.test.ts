// The offline basemap's countries (src/map/map-style.ts): rings across the antimeridian run on instead of
// jumping across the world, and Antarctica, which a web map cannot draw, is left out (newcomer review M3).
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { basemapCountries, unwrapRing } from '../../src/map/map-style';

describe('the offline basemap', () => {
  it('keeps a ring that crosses 180° on one side instead of jumping to -180°', () => {
    expect(
      unwrapRing([
        [178, 65],
        [180, 66],
        [-179, 67],
        [-170, 66],
        [178, 65],
      ]),
    ).toEqual([
      [178, 65],
      [180, 66],
      [181, 67],
      [190, 66],
      [178, 65],
    ]);
  });

  it('leaves a ring that does not cross the antimeridian as it is', () => {
    const ring = [
      [-5, 50],
      [2, 51],
      [-5, 50],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('leaves Antarctica out', () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const countries: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: '010', properties: { name: 'Antarctica' }, geometry: square },
        { type: 'Feature', id: '250', properties: { name: 'France' }, geometry: square },
      ],
    };
    expect(basemapCountries(countries).features.map((country) => country.id)).toEqual(['250']);
  });
});
