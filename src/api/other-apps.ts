// Contacts in other apps: app passwords for the CardDAV address book, and webhooks (issue 29).
import {
  CreateAppPasswordEndpoint,
  ListAppPasswordsEndpoint,
  RevokeAppPasswordEndpoint,
} from '../../contract/app-passwords';
import {
  CreateWebhookEndpoint,
  type CreateWebhookRequest,
  DeleteWebhookEndpoint,
  EnableWebhookEndpoint,
  ListWebhookDeliveriesEndpoint,
  ListWebhooksEndpoint,
} from '../../contract/webhooks';
import { callEndpoint } from './client';
import { endpointResource } from './resource-fetch';

/** Asked on every visit: a device's last use changes while the screen is closed. */
export const OTHER_APPS_LIFETIME_MS = 0;
export const AppPasswordsResource = endpointResource(
  'app-passwords',
  ListAppPasswordsEndpoint,
  OTHER_APPS_LIFETIME_MS,
);
export const WebhooksResource = endpointResource('webhooks', ListWebhooksEndpoint, OTHER_APPS_LIFETIME_MS);

/** The answer holds the password itself, the only time it is ever shown. */
export function createAppPassword(name: string) {
  return callEndpoint(CreateAppPasswordEndpoint, { json: { name } });
}

export function revokeAppPassword(id: string) {
  return callEndpoint(RevokeAppPasswordEndpoint, { params: { id } });
}

/** The answer holds the signing secret, the only time it is ever shown. */
export function createWebhook(request: CreateWebhookRequest) {
  return callEndpoint(CreateWebhookEndpoint, { json: request });
}

export function deleteWebhook(id: string) {
  return callEndpoint(DeleteWebhookEndpoint, { params: { id } });
}

export function enableWebhook(id: string) {
  return callEndpoint(EnableWebhookEndpoint, { params: { id } });
}

export function fetchWebhookDeliveries(id: string) {
  return callEndpoint(ListWebhookDeliveriesEndpoint, { params: { id } });
}
