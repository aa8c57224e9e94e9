// The operators module's face: the admin and security sign-ins and session checks.
import type { ApiModule } from '../../platform/module';
import { operatorRoutes } from './routes';

export const operatorsModule: ApiModule = { name: 'operators', routes: operatorRoutes };
