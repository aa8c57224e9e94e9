// What /my-card does about a card waiting to be activated (spec §4 Card activation, §8 messages).
import { isCardId } from '../../../contract/card';
import { ApiError } from '../../api/client';

export const ACTIVATION_FAILED_CONTACT_SUPPORT =
  'Failed to activate card automatically. Please contact support or try manual activation.';
export const ACTIVATION_FAILED = 'Failed to activate card automatically. Please try manual activation.';

export type ActivationPlan =
  | { kind: 'none' }
  | { kind: 'activate'; cardId: string }
  /** The account holds this very card already: nothing to do, nothing to report as failed. */
  | { kind: 'already-linked'; cardId: string }
  /** The account holds another card: a link must not silently swap it. */
  | { kind: 'has-other-card'; cardId: string }
  | { kind: 'invalid'; cardId: string };

interface ActivationInput {
  /** The activateCard query parameter: the link the user just followed wins over a stored one. */
  queryCardId: string | null;
  /** activationCardId, kept while the user signed in or registered. */
  storedCardId: string | null;
  linkedCardId: string | null;
}

export function planActivation({ queryCardId, storedCardId, linkedCardId }: ActivationInput): ActivationPlan {
  const cardId = (queryCardId?.trim() || storedCardId?.trim()) ?? '';
  if (!cardId) return { kind: 'none' };
  if (!isCardId(cardId)) return { kind: 'invalid', cardId };
  if (linkedCardId === cardId) return { kind: 'already-linked', cardId };
  if (linkedCardId) return { kind: 'has-other-card', cardId };
  return { kind: 'activate', cardId };
}

export interface ActivationFailure {
  message: string;
  /** The server's own reason, e.g. 'This card is already linked to another account.' */
  reason: string | null;
}

/** A card that is unknown or taken needs support; anything else may work when typed in by hand. */
export function describeActivationFailure(error: unknown): ActivationFailure {
  const status = error instanceof ApiError ? error.status : undefined;
  const needsSupport = status === 404 || status === 409;
  const reason = status !== undefined && error instanceof ApiError ? error.message : null;
  return { message: needsSupport ? ACTIVATION_FAILED_CONTACT_SUPPORT : ACTIVATION_FAILED, reason };
}
