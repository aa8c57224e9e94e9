// The operators module's face: the admin and security sign-ins with their second factor, session checks
// and session lists; `npm run operator` for when no admin can help.
import type { ApiModule } from '../../platform/module';
import { operatorCommands } from './commands';
import { operatorRoutes } from './routes';

export { operatorCommands } from './commands';

export const operatorsModule: ApiModule = {
  name: 'operators',
  routes: operatorRoutes,
  serverCommands: operatorCommands,
  startupFacts: async (app) => ({
    'operator second factor':
      app.ctx.config.operatorSecondFactor === 'required'
        ? 'required (OPERATOR_SECOND_FACTOR)'
        : 'optional (set OPERATOR_SECOND_FACTOR=required, or NODE_ENV=production)',
  }),
};
