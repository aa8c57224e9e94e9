// The basemap every map draws (docs/behaviour/maps.md): the operator's online style, or none.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const MapStyleSchema = z.object({
  /** A MapLibre style URL; null when the operator turned the online style off (MAP_STYLE_URL=off). */
  styleUrl: z.string().nullable(),
  /** The hosts the style, its tiles, glyphs and sprites come from: what the service worker keeps offline. */
  origins: z.array(z.string()),
});
export type MapStyle = z.infer<typeof MapStyleSchema>;

export const MapStyleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/map/style',
  summary:
    'The online basemap style the maps use, or null: then they draw the bundled world outline and need no network.',
  auth: 'none',
  responses: { 200: MapStyleSchema },
  errors: [],
  usesDatabase: false,
});

export const mapEndpoints = [MapStyleEndpoint];
