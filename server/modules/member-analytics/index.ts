// The member-analytics module's face: the member's own analytics.
import type { ApiModule } from '../../platform/module';
import { memberAnalyticsRoutes } from './routes';

export const memberAnalyticsModule: ApiModule = { name: 'member-analytics', routes: memberAnalyticsRoutes };
