// "E-mail me this card" on a public card page (issue 26): no token, no queue, and no zod (the call is
// loaded with the form, which the page loads only when a visitor opens it).
import type { EmailMeCardRequest } from '../../contract/card-copies';
import { PublicCardRoutes } from '../../contract/card-paths';
import { send } from './transport';

/** How asking for the card went; `refused` carries the server's words. */
export type EmailMeOutcome =
  | { kind: 'on-its-way'; message: string }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string; errors: string[] };

export async function emailMeCard(nfcUID: string, request: EmailMeCardRequest): Promise<EmailMeOutcome> {
  const outcome = await send(PublicCardRoutes.emailMe, {
    params: { nfcUID },
    json: request,
    parse: (body) => String((body as { message?: unknown } | null)?.message ?? ''),
  });
  if (outcome.ok) return { kind: 'on-its-way', message: outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'unreachable') return { kind: 'offline' };
  if (failure.kind === 'refused' && failure.error) {
    return { kind: 'refused', message: failure.error, errors: failure.errors };
  }
  return { kind: 'refused', message: 'Something went wrong. Please try again.', errors: [] };
}
