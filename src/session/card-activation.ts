// Card activation across a sign-in (spec §4 Card activation): the Card ID waits in storage meanwhile.
import { Stored } from './browser-storage';
import { DEFAULT_SIGNED_IN_PATH } from './return-url';

export const MY_CARD_PATH = '/my-card';
/** The /my-card query parameter of the link an unclaimed card's page offers. */
export const ACTIVATE_CARD_PARAM = 'activateCard';

/**
 * For the redirect of a signed-out user: keeps the Card ID of an activation link in storage and
 * returns the path to come back to without it (so the link is not activated twice), or null when the
 * path is no activation link.
 */
export function deferCardActivation(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const cardId = params.get(ACTIVATE_CARD_PARAM);
  if (pathname !== MY_CARD_PATH || !cardId) return null;
  Stored.activationCardId.write(cardId);
  params.delete(ACTIVATE_CARD_PARAM);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** `/register?cardId=…` (spec §2): the ID waits in storage through registration and verification. */
export function keepCardForActivation(cardId: string): void {
  Stored.activationCardId.write(cardId.trim());
}

/**
 * Where a fresh sign-in goes: where it was interrupted, else /my-card while a card waits to be
 * activated (it activates there), else the contacts.
 */
export function pathAfterSignIn(returnUrl: string | null): string {
  return returnUrl ?? (readDeferredActivationCard() ? MY_CARD_PATH : DEFAULT_SIGNED_IN_PATH);
}

export function readDeferredActivationCard(): string | null {
  return Stored.activationCardId.read();
}

export function clearDeferredActivationCard(): void {
  Stored.activationCardId.remove();
}

/** Set by a screen that activated a card before sending the user to /my-card, which celebrates it. */
export function takeCardActivationSuccess(): boolean {
  const hasSucceeded = Stored.cardActivationSuccess.read() === true;
  Stored.cardActivationSuccess.remove();
  return hasSucceeded;
}
