// Signed webhooks (issue 29): a member's HTTPS endpoints told of changes to their contacts, which is how
// Zapier, Make, n8n and CRMs connect. docs/behaviour/contacts-in-other-apps.md says how to verify them.
import { z } from 'zod';
import { ContactSchema } from './contacts';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

/** An account registers at most this many endpoints. */
export const WEBHOOKS_MAX = 5;

export const WEBHOOK_EVENT_TYPES = [
  'contact.saved',
  'contact.updated',
  'contact.deleted',
  'details.shared',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'tapnet-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'tapnet-event-id';

export const WebhookMessages = {
  limit: `You already have ${WEBHOOKS_MAX} webhooks. Remove one first.`,
  notFound: 'Webhook not found',
  removed: 'Webhook removed',
  enabled: 'Webhook turned back on',
  notHttps: 'The webhook address must start with https://',
} as const;

/** What each delivery's JSON body holds; `id` is the same on every retry, so a receiver can drop repeats. */
export const WebhookEventSchema = z.object({
  id: z.uuid(),
  type: WebhookEventTypeSchema,
  createdAt: z.string(),
  /** The contact as GET /api/contact answers it; for `contact.deleted`, as it was before. */
  contact: ContactSchema,
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  createdAt: z.string(),
  /** Set when deliveries failed too many times in a row; nothing is sent until it is turned back on. */
  disabledAt: z.string().nullable(),
  /** Failed attempts since the last delivery that went through. */
  failuresInARow: z.number().int(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.array(WebhookSchema);

/** The signing secret is in this answer only. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const CreateWebhookRequestSchema = z.object({
  url: z
    .url({ error: 'Please enter the address the receiver gave you, starting with https://' })
    .max(2000, 'The webhook address must be at most 2000 characters'),
  events: z
    .array(WebhookEventTypeSchema)
    .min(1, 'Choose at least one event')
    .refine((events) => new Set(events).size === events.length, 'Name each event once'),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

export const WebhookDeliverySchema = z.object({
  eventId: z.string(),
  eventType: WebhookEventTypeSchema,
  createdAt: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed; null once delivered. */
  lastError: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

export const WebhookIdParamsSchema = z.object({ id: z.uuid(WebhookMessages.notFound) });

export const ListWebhooksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/webhooks',
  summary: 'The member’s webhooks (never their secrets).',
  auth: 'member',
  responses: { 200: WebhookListSchema },
  errors: [],
});

export const CreateWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/webhooks',
  summary:
    'Registers an HTTPS endpoint for contact events; the signing secret is in this answer only. At most 5.',
  auth: 'member',
  body: CreateWebhookRequestSchema,
  responses: { 201: CreatedWebhookSchema },
  errors: ['WEBHOOK_LIMIT', 'WEBHOOK_URL_REFUSED', 'RATE_LIMITED'],
});

export const DeleteWebhookEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/user/webhooks/:id',
  summary: 'Removes a webhook; what it had not delivered yet is dropped.',
  auth: 'member',
  params: WebhookIdParamsSchema,
  paramsRefusedAs: 'WEBHOOK_NOT_FOUND',
  responses: { 200: MessageResponseSchema },
  errors: ['WEBHOOK_NOT_FOUND'],
});

export const EnableWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/webhooks/:id/enable',
  summary:
    'Turns a webhook that was disabled after repeated failures back on; its waiting events are retried.',
  auth: 'member',
  params: WebhookIdParamsSchema,
  paramsRefusedAs: 'WEBHOOK_NOT_FOUND',
  responses: { 200: WebhookSchema },
  errors: ['WEBHOOK_NOT_FOUND'],
});

export const ListWebhookDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/webhooks/:id/deliveries',
  summary: 'The webhook’s delivery log, newest first: each event’s state, attempts and last error.',
  auth: 'member',
  params: WebhookIdParamsSchema,
  paramsRefusedAs: 'WEBHOOK_NOT_FOUND',
  responses: { 200: WebhookDeliveryListSchema },
  errors: ['WEBHOOK_NOT_FOUND'],
});

export const webhookEndpoints = [
  ListWebhooksEndpoint,
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  EnableWebhookEndpoint,
  ListWebhookDeliveriesEndpoint,
];
