// The security module's face: the security dashboard and the operator's tools over the platform's security engine.
import type { ApiModule } from '../../platform/module';
import { securityRoutes } from './routes';

export const securityModule: ApiModule = { name: 'security', routes: securityRoutes };
