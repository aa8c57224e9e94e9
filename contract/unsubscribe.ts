// The "never e-mail me again" link in every mail to someone who is not a member: opening it (GET,
// a small confirmation page) or a mail client's one-click request (POST, RFC 8058) stops all mail
// that members cause to be sent to that address.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

export const UNSUBSCRIBE_PATH = '/api/unsubscribe/:token';

/** A base64url HMAC-SHA256: 43 characters. */
export const UnsubscribeParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This unsubscribe link is not valid'),
});

export const UnsubscribeMessages = {
  done: 'You will not get any more e-mail from Tapnet members at this address.',
  invalid: 'This unsubscribe link is not valid.',
} as const;

export const UnsubscribePageEndpoint = defineEndpoint({
  method: 'GET',
  path: UNSUBSCRIBE_PATH,
  summary: 'Stops all mail sent on behalf of members to the address the link was sent to; answers a page.',
  auth: 'none',
  params: UnsubscribeParamsSchema,
  // A link Tapnet never sent gets a page too (404), saying so: a person reads it, not a client.
  responses: { 200: z.string(), 404: z.string() },
  produces: 'text/html',
  errors: [],
});

export const OneClickUnsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: UNSUBSCRIBE_PATH,
  summary: 'The same, as the one-click request a mail client sends (List-Unsubscribe-Post, RFC 8058).',
  auth: 'none',
  params: UnsubscribeParamsSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['UNSUBSCRIBE_INVALID'],
});

export const unsubscribeEndpoints = [UnsubscribePageEndpoint, OneClickUnsubscribeEndpoint];
