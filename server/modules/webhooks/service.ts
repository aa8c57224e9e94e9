// Registering webhooks and queueing the events they are told of.
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Kysely, Transaction } from 'kysely';
import type { Contact } from '../../../contract/contacts';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  WEBHOOKS_MAX,
  type WebhookEvent,
  type WebhookEventType,
  WebhookMessages,
} from '../../../contract/webhooks';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { outboundDestinations } from '../../platform/outbound/destinations';
import { hasWebhookFor, insertDeliveries, insertWebhook } from './queries';

/**
 * HTTPS only, to a name or a public address. Plain http is for a host the operator listed in
 * OUTBOUND_ALLOW_HOSTS (a receiver on the intranet); a private or loopback literal is refused now, and
 * a name resolving to one is refused at every delivery by the outbound guard.
 */
export function refusalOfWebhookUrl(url: URL, allowHosts: readonly string[]): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const destinations = outboundDestinations(allowHosts);
  const isPlainHttpAllowed = url.protocol === 'http:' && destinations.isListed(host);
  if (url.protocol !== 'https:' && !isPlainHttpAllowed) return WebhookMessages.notHttps;
  if (url.username || url.password) return 'The webhook address must not hold a user name or password';
  // A name's addresses are checked at each call; a literal address can be judged now.
  return isIP(host) ? destinations.refusalOf(host, host) : undefined;
}

export async function createWebhook(
  db: Kysely<Database>,
  userId: string,
  request: CreateWebhookRequest,
  allowHosts: readonly string[],
): Promise<CreatedWebhook> {
  const url = new URL(request.url);
  const refusal = refusalOfWebhookUrl(url, allowHosts);
  if (refusal) throw new HttpError('WEBHOOK_URL_REFUSED', refusal);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const webhook = await insertWebhook(db, {
    userId,
    url: url.toString(),
    events: request.events,
    secret,
    max: WEBHOOKS_MAX,
  });
  if (!webhook) throw new HttpError('WEBHOOK_LIMIT', WebhookMessages.limit);
  return { ...webhook, secret };
}

/**
 * Queues `type` for each of the member's webhooks that takes it, in the transaction of the change
 * itself: the event exists exactly when the change does. `contact` is asked for only when some webhook
 * wants the event, so a member without webhooks pays one indexed lookup.
 */
export async function queueContactEvent(
  trx: Transaction<Database>,
  userId: string,
  type: WebhookEventType,
  contact: Contact | (() => Promise<Contact | undefined>),
): Promise<void> {
  if (!(await hasWebhookFor(trx, userId, type))) return;
  const resolved = typeof contact === 'function' ? await contact() : contact;
  if (!resolved) return;
  const event: WebhookEvent = {
    id: randomUUID(),
    type,
    createdAt: new Date().toISOString(),
    contact: resolved,
  };
  await insertDeliveries(trx, { userId, eventId: event.id, type, body: JSON.stringify(event) });
}
