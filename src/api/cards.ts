// The public side of a card (spec §7 Cards): lookup, vCard download and the page's analytics events.
// It uses fetch and checks answers by hand instead of going through client.ts and zod: the public card
// page must stay under its JavaScript budget (README Budgets), and these calls need no token.
import type { CardEventRequest, CardLookupError, CardLookupResult, PublicCard } from '../../contract/card';
import { PUBLIC_CARD_FIELDS, PublicCardPaths } from '../../contract/card-paths';
import { fillPath } from '../../contract/endpoint';

const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/** The card when `value` has every field of PublicCardSchema as a string; extra fields are dropped. */
export function parsePublicCard(value: unknown): PublicCard | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const card: Partial<PublicCard> = {};
  for (const field of PUBLIC_CARD_FIELDS) {
    const fieldValue = record[field];
    if (typeof fieldValue !== 'string') return null;
    card[field] = fieldValue;
  }
  return card as PublicCard;
}

function cardUrl(path: (typeof PublicCardPaths)[keyof typeof PublicCardPaths], nfcUID: string): string {
  return `${API_BASE}${fillPath(path, { nfcUID })}`;
}

export class CardLookupFailedError extends Error {
  override readonly name = 'CardLookupFailedError';
}

/** A 404 says whether the card exists unclaimed or not at all; any other failure is thrown. */
export async function fetchPublicCard(nfcUID: string): Promise<CardLookupResult> {
  const response = await fetch(cardUrl(PublicCardPaths.lookup, nfcUID), {
    headers: { Accept: 'application/json' },
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 404) {
    const code = (body as Partial<CardLookupError> | null)?.code;
    return { kind: code === 'CARD_UNCLAIMED' ? 'unclaimed' : 'not-found', nfcUID };
  }
  const card = response.ok ? parsePublicCard(body) : null;
  if (!card) throw new CardLookupFailedError(`Card lookup failed (${response.status})`);
  return { kind: 'card', card };
}

export function vCardUrl(nfcUID: string): string {
  return cardUrl(PublicCardPaths.vcard, nfcUID);
}

/**
 * Fire and forget: a beacon outlives the page (a tapped link navigates away at once) and needs no
 * token. A Blob gives it the JSON content type the server parses.
 */
export function sendCardEvent(nfcUID: string, event: CardEventRequest): void {
  const url = cardUrl(PublicCardPaths.events, nfcUID);
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => {});
  } catch {
    // Analytics never breaks the page.
  }
}
