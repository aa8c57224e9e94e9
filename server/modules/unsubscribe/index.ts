// The unsubscribe module's face: the "never e-mail me again" link in mail to people who are not members.
import type { ApiModule } from '../../platform/module';
import { unsubscribeRoutes } from './routes';

export { hasUnsubscribed, unsubscribeLinkFor } from './links';

export const unsubscribeModule: ApiModule = { name: 'unsubscribe', routes: unsubscribeRoutes };
