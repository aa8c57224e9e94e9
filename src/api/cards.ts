// The public side of a card (spec §7 Cards): lookup, vCard download, the page's analytics events, and a
// visitor sharing their details back.
// Over the transport without zod: the public card page must stay under its JavaScript budget
// (docs/budgets.md), so the answer is checked by hand (parsePublicCard) and the calls are the zod-free
// routes of contract/card-paths.ts. These calls need no token.
import type { CardEventRequest, CardLookupResult, PublicCard, Tap, TapProof } from '../../contract/card';
import { type CardLooks, parseCardLooks } from '../../contract/card-extras';
import { CARD_MESSAGE_KINDS, PUBLIC_CARD_FIELDS, PublicCardRoutes } from '../../contract/card-paths';
import type { ShareDetailsRequest } from '../../contract/shared-details';
import { Stored } from '../session/browser-storage';
import { endpointUrl, send } from './transport';

/**
 * The card when `value` has every field of PublicCardSchema as a string; extra fields are dropped. Its
 * looks are optional: a copy kept before they existed has none.
 */
export function parsePublicCard(value: unknown): PublicCard | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const fields: Partial<Record<(typeof PUBLIC_CARD_FIELDS)[number], string>> = {};
  for (const field of PUBLIC_CARD_FIELDS) {
    const fieldValue = record[field];
    if (typeof fieldValue !== 'string') return null;
    fields[field] = fieldValue;
  }
  return { ...(fields as Omit<PublicCard, keyof CardLooks>), ...parseCardLooks(record) };
}

/** What the lookup says the tap proved; anything else reads as an unverified tap. */
export function parseTap(value: unknown): Tap {
  if (typeof value !== 'object' || value === null) return { verified: false, counter: null };
  const { verified, counter } = value as Record<string, unknown>;
  return verified === true && typeof counter === 'number'
    ? { verified: true, counter }
    : { verified: false, counter: null };
}

function parseCardAndTap(value: unknown): { card: PublicCard; tap: Tap } | null {
  const card = parsePublicCard(value);
  return card && { card, tap: parseTap((value as { tap?: unknown }).tap) };
}

/** The server answered, with something other than a card or a 404 (the page then says so). */
export class CardLookupFailedError extends Error {
  override readonly name = 'CardLookupFailedError';
}

/**
 * A 404 says whether the card exists unclaimed or not at all; any other answer throws
 * CardLookupFailedError, and no answer at all a plain Error (the page then looks for its kept copy).
 */
export async function fetchPublicCard(nfcUID: string, tapProof?: TapProof | null): Promise<CardLookupResult> {
  const outcome = await send(PublicCardRoutes.lookup, {
    params: { nfcUID },
    // A secure card's tap: the server verifies it, once.
    ...(tapProof ? { query: { p: tapProof.p, c: tapProof.c } } : {}),
    parse: parseCardAndTap,
  });
  if (outcome.ok) return { kind: 'card', ...outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'unreachable') throw new Error(failure.message);
  const code = failure.kind === 'refused' ? failure.code : undefined;
  if (code !== undefined && code in CARD_MESSAGE_KINDS) {
    return { kind: CARD_MESSAGE_KINDS[code as keyof typeof CARD_MESSAGE_KINDS], nfcUID };
  }
  throw new CardLookupFailedError(`Card lookup failed (${failure.status})`);
}

export function vCardUrl(nfcUID: string): string {
  return endpointUrl(PublicCardRoutes.vcard, { nfcUID });
}

/** This browser's card-page visitor id, made once; none where storage is refused (private modes). */
function cardVisitorId(): string | undefined {
  const known = Stored.cardVisitor.read();
  if (known !== null) return known;
  if (typeof crypto.randomUUID !== 'function') return undefined;
  Stored.cardVisitor.write(crypto.randomUUID());
  return Stored.cardVisitor.read() ?? undefined;
}

/**
 * Fire and forget: a beacon outlives the page (a tapped link navigates away at once) and needs no
 * token. A Blob gives it the JSON content type the server parses; without beacons, a keepalive call.
 */
export function sendCardEvent(nfcUID: string, request: CardEventRequest): void {
  const visitor = cardVisitorId();
  const event: CardEventRequest = visitor === undefined ? request : { ...request, visitor };
  const body = JSON.stringify(event);
  const url = endpointUrl(PublicCardRoutes.events, { nfcUID });
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    // Nothing is read of the answer, nor waited for: analytics never holds up or breaks the page.
    void send(PublicCardRoutes.events, {
      params: { nfcUID },
      json: event,
      keepalive: true,
      parse: () => true,
    });
  } catch {
    // Analytics never breaks the page.
  }
}

/** How sharing one's details with a card's owner went; `refused` carries the server's words. */
export type ShareDetailsOutcome =
  | { kind: 'shared' }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string; errors: string[] };

/** No token, no queue: the visitor has no account, so with no network they are told to try again. */
export async function shareDetailsWithOwner(
  nfcUID: string,
  details: ShareDetailsRequest,
): Promise<ShareDetailsOutcome> {
  const outcome = await send(PublicCardRoutes.shareDetails, {
    params: { nfcUID },
    json: details,
    parse: () => true,
  });
  if (outcome.ok) return { kind: 'shared' };
  const { failure } = outcome;
  if (failure.kind === 'unreachable') return { kind: 'offline' };
  if (failure.kind === 'refused' && failure.error) {
    return { kind: 'refused', message: failure.error, errors: failure.errors };
  }
  return { kind: 'refused', message: 'Something went wrong. Please try again.', errors: [] };
}
