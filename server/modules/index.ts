// The registry: every server module, which the platform builds the app from (server/modules/README.md).
// A new module is added here and nowhere else in the platform.
import type { ApiModule } from '../platform/module';
import { adminAnalyticsModule } from './admin-analytics';
import { apiDocsModule } from './api-docs';
import { authModule } from './auth';
import { cardPagesModule } from './card-pages';
import { carddavModule } from './carddav';
import { cardsModule } from './cards';
import { contactsModule } from './contacts';
import { healthModule } from './health';
import { insightsModule } from './insights';
import { mapModule } from './map';
import { memberAnalyticsModule } from './member-analytics';
import { operatorsModule } from './operators';
import { pageViewsModule } from './page-views';
import { securityModule } from './security';
import { sessionsModule } from './sessions';
import { supportModule } from './support';
import { unsubscribeModule } from './unsubscribe';
import { userModule } from './user';
import { walletModule } from './wallet';
import { webhooksModule } from './webhooks';

export const modules: readonly ApiModule[] = [
  healthModule,
  // Before api-docs: the card page's inline sources come first in the Content-Security-Policy.
  cardPagesModule,
  apiDocsModule,
  authModule,
  userModule,
  walletModule,
  insightsModule,
  pageViewsModule,
  sessionsModule,
  memberAnalyticsModule,
  cardsModule,
  contactsModule,
  carddavModule,
  webhooksModule,
  mapModule,
  unsubscribeModule,
  operatorsModule,
  supportModule,
  adminAnalyticsModule,
  securityModule,
];
