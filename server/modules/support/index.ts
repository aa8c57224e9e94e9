// The support module's face: the admin's support tools (find a member, resend a code, unlink or replace
// a card, disable and enable an account), issue 30 point 3.
import type { ApiModule } from '../../platform/module';
import { supportRoutes } from './routes';

export const supportModule: ApiModule = { name: 'support', routes: supportRoutes };
