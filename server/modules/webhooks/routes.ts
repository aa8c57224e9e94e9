// /api/user/webhooks: the member's webhooks, each with its delivery log.
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  EnableWebhookEndpoint,
  ListWebhookDeliveriesEndpoint,
  ListWebhooksEndpoint,
  WebhookMessages,
} from '../../../contract/webhooks';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { deleteWebhook, enableWebhook, isOwnWebhook, listDeliveries, listWebhooks } from './queries';
import { createWebhook } from './service';

/** The delivery log shows this many of the latest events. */
const DELIVERY_LOG_LENGTH = 50;

function found<T>(value: T | undefined | false): T {
  if (value === undefined || value === false)
    throw new HttpError('WEBHOOK_NOT_FOUND', WebhookMessages.notFound);
  return value;
}

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // An id that cannot be a webhook is as unknown as another member's.
  app.setErrorHandler((error) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      throw new HttpError('WEBHOOK_NOT_FOUND', WebhookMessages.notFound);
    }
    throw error;
  });

  route(app, ListWebhooksEndpoint, async (request) => listWebhooks(app.ctx.db, memberOf(request).userId));

  route(
    app,
    CreateWebhookEndpoint,
    async (request, reply) => {
      const { userId } = memberOf(request);
      const created = await createWebhook(
        app.ctx.db,
        userId,
        request.body,
        app.ctx.config.webhooks.outboundAllowHosts,
      );
      return reply.code(201).header('Cache-Control', 'no-store').send(created);
    },
    { config: perMinute(10) },
  );

  route(app, DeleteWebhookEndpoint, async (request) => {
    found(await deleteWebhook(app.ctx.db, memberOf(request).userId, request.params.id));
    return { message: WebhookMessages.removed };
  });

  route(app, EnableWebhookEndpoint, async (request) => {
    const webhook = found(await enableWebhook(app.ctx.db, memberOf(request).userId, request.params.id));
    app.webhookDelivery.wake();
    return webhook;
  });

  route(app, ListWebhookDeliveriesEndpoint, async (request) => {
    const { userId } = memberOf(request);
    found(await isOwnWebhook(app.ctx.db, userId, request.params.id));
    return listDeliveries(app.ctx.db, request.params.id, DELIVERY_LOG_LENGTH);
  });
};
