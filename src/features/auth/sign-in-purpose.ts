// Why someone is on /login or /register when a card sent them there (issue 10): the screens say so.
import { isCardId } from '../../../contract/card';
import { cardSerial } from '../../../contract/card-paths';
import { readDeferredActivationCard } from '../../session/card-activation';
import { readPendingCardSave } from '../../session/pending-card-save';

export type SignInPurpose =
  /** A visitor pressed Save Contact signed out: the card is saved once they are signed in. */
  | { kind: 'save-card'; cardLabel: string }
  /** A new holder's card waits to be linked to the account they sign in to or create. */
  | { kind: 'activate-card'; cardId: string }
  | { kind: 'none' };

/**
 * A pending save wins: the visitor pressed Save Contact last. `queryCardId` is /register's cardId
 * parameter; otherwise the Card ID kept from an activation link counts.
 */
export function readSignInPurpose(queryCardId: string | null, now = Date.now()): SignInPurpose {
  const pending = readPendingCardSave(now);
  if (pending.status === 'valid') {
    const { name, nfcUID } = pending.save;
    return { kind: 'save-card', cardLabel: name.trim() || `Tapnet card ${cardSerial(nfcUID)}` };
  }
  const cardId = (queryCardId ?? readDeferredActivationCard())?.trim() ?? '';
  return isCardId(cardId) ? { kind: 'activate-card', cardId } : { kind: 'none' };
}

export const SignInPurposeText = {
  saveCardTitle: (cardLabel: string) => `Saving ${cardLabel} to your contacts`,
  saveCardAfterRegistration: (cardLabel: string) =>
    `Create your account and verify your e-mail: ${cardLabel} is then saved to your contacts.`,
  saveCardAfterLogin: (cardLabel: string) => `Log in and ${cardLabel} is saved to your contacts at once.`,
  activateTitle: 'Activate your Tapnet card',
  activateAfterRegistration: (cardId: string) =>
    `Create your account: card ${cardSerial(cardId)} is linked to it as soon as you verify your e-mail.`,
  activateAfterLogin: (cardId: string) =>
    `Log in and card ${cardSerial(cardId)} is linked to your account, so that a tap on it opens your business card.`,
} as const;
