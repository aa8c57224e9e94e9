// The carddav module's face: the member's read-only CardDAV address book at /carddav/ (found through
// /.well-known/carddav), and the app passwords devices read it with.
import type { ApiModule } from '../../platform/module';
import { appPasswordRoutes } from './app-password-routes';
import { DAV_METHODS, davRoutes } from './dav-routes';

export const carddavModule: ApiModule = {
  name: 'carddav',
  routes: async (app) => {
    await app.register(davRoutes);
    await app.register(appPasswordRoutes);
  },
  onStart: (app) => {
    for (const method of DAV_METHODS) app.addHttpMethod(method, { hasBody: true });
  },
};
