// The webhooks module's face: members' signed webhooks, their delivery queue and its worker. Modules
// that change contacts queue events with `queueContactEvent`, in the transaction of the change.
import type { FastifyInstance } from 'fastify';
import type { ApiModule } from '../../platform/module';
import type { WorkLoop } from '../../platform/work-loop';
import { GIVE_UP_AFTER_DAYS, startWebhookDelivery } from './delivery';
import { pruneDeliveries } from './queries';
import { webhookRoutes } from './routes';

export { queueContactEvent } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    webhookDelivery: WorkLoop;
  }
}

/** Delivered and given-up events stay in the delivery log this long. */
const DELIVERY_LOG_DAYS = 30;

/** Delivers every event that is due now (tests wait for this state). */
export function deliverDueWebhooks(app: FastifyInstance): Promise<void> {
  return app.webhookDelivery.drain();
}

export const webhooksModule: ApiModule = {
  name: 'webhooks',
  routes: webhookRoutes,
  onStart: (app) => {
    app.decorate('webhookDelivery', startWebhookDelivery(app));
    app.addHook('onClose', async () => {
      await app.webhookDelivery.stop();
    });
  },
  daily: async (app) => {
    await pruneDeliveries(app.ctx.db, GIVE_UP_AFTER_DAYS, DELIVERY_LOG_DAYS);
  },
};
