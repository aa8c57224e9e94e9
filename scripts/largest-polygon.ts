// The largest polygon of a country: where the generated map positions sit, so overseas territories do not
// drag a country's position or label away (France stays in Europe, the United States between its coasts).
import { geoArea } from 'd3-geo';
import type { Feature, MultiPolygon, Polygon } from 'geojson';

export function largestPolygon(geometry: Polygon | MultiPolygon): Feature<Polygon> {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const candidates = polygons.map(
    (coordinates): Feature<Polygon> => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates },
    }),
  );
  return candidates.reduce((largest, candidate) =>
    geoArea(candidate) > geoArea(largest) ? candidate : largest,
  );
}
