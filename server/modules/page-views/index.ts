// The page-views module's face: navigation counts from the app shell.
import type { ApiModule } from '../../platform/module';
import { pageViewRoutes } from './routes';

export const pageViewsModule: ApiModule = { name: 'page-views', routes: pageViewRoutes };
