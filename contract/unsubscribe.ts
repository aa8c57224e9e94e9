// The "never e-mail me again" link in every mail to someone who is not a member. Opening it (GET)
// only shows a page asking to confirm: mail security scanners and link previewers open links in mail
// on their own, and must not unsubscribe anyone. The page's button (a form post) or a mail client's
// one-click request (POST, RFC 8058) stops all mail that members cause to be sent to that address.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

export const UNSUBSCRIBE_PATH = '/api/unsubscribe/:token';

/** A base64url HMAC-SHA256: 43 characters. */
export const UnsubscribeParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This unsubscribe link is not valid'),
});

/** What the link's page is, and what a browser's form post asks for (its Accept names it). */
export const UNSUBSCRIBE_PAGE_TYPE = 'text/html';

export const UnsubscribeMessages = {
  confirm:
    'Tapnet members can send their business card to this address. Press the button and no Tapnet member will e-mail it again.',
  button: 'Stop e-mails from Tapnet',
  done: 'You will not get any more e-mail from Tapnet members at this address.',
  invalid: 'This unsubscribe link is not valid.',
} as const;

export const UnsubscribePageEndpoint = defineEndpoint({
  method: 'GET',
  path: UNSUBSCRIBE_PATH,
  summary:
    'The page of the link: asks to confirm with a button that posts the form to the same address, or says the address is already unsubscribed. Changes nothing.',
  auth: 'none',
  params: UnsubscribeParamsSchema,
  // A link Tapnet never sent gets a page too (404), saying so: a person reads it, not a client.
  responses: { 200: z.string(), 404: z.string() },
  produces: UNSUBSCRIBE_PAGE_TYPE,
  errors: ['RATE_LIMITED'],
});

export const OneClickUnsubscribeEndpoint = defineEndpoint({
  method: 'POST',
  path: UNSUBSCRIBE_PATH,
  summary:
    'Stops all mail sent on behalf of members to the address the link was sent to: the form post of the link’s page (any form body; a browser, whose Accept names text/html, gets the page saying so, or the 404 page) or the one-click request a mail client sends (List-Unsubscribe-Post, RFC 8058; answered in JSON). Repeating it changes nothing.',
  auth: 'none',
  params: UnsubscribeParamsSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['RATE_LIMITED', 'UNSUBSCRIBE_INVALID'],
});

export const unsubscribeEndpoints = [UnsubscribePageEndpoint, OneClickUnsubscribeEndpoint];
