// The admin-analytics module's face: the admin dashboard's figures and their CSV.
import type { ApiModule } from '../../platform/module';
import { adminAnalyticsRoutes } from './routes';

export const adminAnalyticsModule: ApiModule = { name: 'admin-analytics', routes: adminAnalyticsRoutes };
