// The map module's face: the member's contacts that can be put on the map, and the basemap to draw.
import type { ApiModule } from '../../platform/module';
import { mapRoutes } from './routes';
import { mapStyleRoutes } from './style-routes';

export const mapModule: ApiModule = {
  name: 'map',
  routes: async (app) => {
    await app.register(mapRoutes);
    await app.register(mapStyleRoutes);
  },
};
