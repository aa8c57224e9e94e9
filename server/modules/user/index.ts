// The user module's face: the member's account, business card, card link, settings, e-mail change and
// deletion; others read an account and its e-mail choice.
import type { ApiModule } from '../../platform/module';
import { userRoutes } from './routes';

export { findAccount, hasOptedOutOfEmail } from './queries';

export const userModule: ApiModule = { name: 'user', routes: userRoutes };
