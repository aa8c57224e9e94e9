// The insights module's face: the member's insight preferences, events and news digests, and the feeds
// they are made from.
import type { ApiModule } from '../../platform/module';
import { feedFacts, scheduleFeedRefresh } from './feeds/refresh-feeds';
import { pruneMemberInsights } from './queries';
import { insightPreferenceRoutes, insightRoutes } from './routes';

export const insightsModule: ApiModule = {
  name: 'insights',
  routes: async (app) => {
    await app.register(insightPreferenceRoutes);
    await app.register(insightRoutes);
  },
  // Feeds follow their own, shorter schedule (FEED_REFRESH_MINUTES).
  onStart: scheduleFeedRefresh,
  startupFacts: async (app) => feedFacts(app.ctx.config.insights),
  daily: async (app) => {
    await pruneMemberInsights(app.ctx.db, new Date());
  },
};
