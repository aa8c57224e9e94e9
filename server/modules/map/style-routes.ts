// /api/map/style: which online basemap the maps draw (MAP_STYLE_URL), so the operator changes or turns
// it off with a restart rather than a new build. Public: the public card page may show a map one day,
// and the setting is no secret (the CSP already names its hosts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MapStyleEndpoint } from '../../../contract/map';
import { route } from '../../platform/route';

export const mapStyleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { styleUrl, origins } = app.ctx.config.map;
  route(app, MapStyleEndpoint, async () => ({ styleUrl, origins }));
};
