// The health module's face: whether this process can serve, for load balancers and uptime checks.
import type { ApiModule } from '../../platform/module';
import { healthRoutes } from './routes';

export const healthModule: ApiModule = { name: 'health', routes: healthRoutes };
