// Why /login and /register were opened (a card to save, a card to activate), where a fresh sign-in goes,
// and the wording of refused codes and resets (spec §8).
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { describeResetError, isRefusedCode } from '../../src/features/auth/messages';
import { readSignInPurpose } from '../../src/features/auth/sign-in-purpose';
import { keepCardForActivation, pathAfterSignIn } from '../../src/session/card-activation';
import { PENDING_CARD_SAVE_VALIDITY_MS } from '../../src/session/pending-card-save';
import { StorageKeys } from '../../src/session/storage-keys';
import { ContactSaveWrite } from '../../src/sync/writes/contact-save';

const cardId = `${'a'.repeat(40)}-7`;
const now = 1_700_000_000_000;

function keepPendingSave(fields: { name: string; timestamp?: number }): void {
  localStorage.setItem(
    StorageKeys.pendingCardSave,
    JSON.stringify({ nfcUID: `${'b'.repeat(40)}-12`, timestamp: now, ...fields }),
  );
}

beforeEach(() => localStorage.clear());

describe('readSignInPurpose', () => {
  it('names the card a signed-out visitor asked to save', () => {
    keepPendingSave({ name: 'Grace Hopper' });
    expect(readSignInPurpose(null, now)).toEqual({ kind: 'save-card', cardLabel: 'Grace Hopper' });
  });

  it('names a card tapped offline and never seen by its serial number', () => {
    keepPendingSave({ name: '' });
    expect(readSignInPurpose(null, now)).toEqual({ kind: 'save-card', cardLabel: 'Tapnet card 12' });
  });

  it('ignores a pending save too old to be honoured', () => {
    keepPendingSave({ name: 'Grace Hopper', timestamp: now - PENDING_CARD_SAVE_VALIDITY_MS - 1 });
    expect(readSignInPurpose(null, now)).toEqual({ kind: 'none' });
  });

  it("takes /register's cardId, else the Card ID kept for activation, when it is a Card ID", () => {
    expect(readSignInPurpose(cardId, now)).toEqual({ kind: 'activate-card', cardId });
    expect(readSignInPurpose('not-a-card', now)).toEqual({ kind: 'none' });
    keepCardForActivation(` ${cardId} `);
    expect(readSignInPurpose(null, now)).toEqual({ kind: 'activate-card', cardId });
  });

  it('puts the save first when a card waits to be saved and one to be activated', () => {
    keepPendingSave({ name: 'Grace Hopper' });
    expect(readSignInPurpose(cardId, now).kind).toBe('save-card');
  });
});

describe('pathAfterSignIn', () => {
  it('goes back where sign-in interrupted, else to /my-card while a card waits, else to the contacts', () => {
    expect(pathAfterSignIn(null)).toBe('/contacts');
    keepCardForActivation(cardId);
    expect(pathAfterSignIn(null)).toBe('/my-card');
    expect(pathAfterSignIn('/invitations')).toBe('/invitations');
  });
});

describe('auth wording', () => {
  it('gives a dead reset link the spec text with the reason after it', () => {
    const dead = new ApiError('This reset link is invalid or has expired.', 400, [], 'RESET_LINK_INVALID');
    expect(describeResetError(dead)).toBe(
      'Failed to reset password. Please try again. This reset link is invalid or has expired.',
    );
    expect(describeResetError(new ApiError('Failed to fetch', undefined))).toBe(
      'Failed to reset password. Please try again.',
    );
  });

  it('treats only a code the server refused as one to clear', () => {
    expect(isRefusedCode(new ApiError('The verification code is wrong.', 400, [], 'INVALID_CODE'))).toBe(
      true,
    );
    expect(isRefusedCode(new ApiError('Failed to fetch', undefined))).toBe(false);
  });

  it('names the card of a save refused at replay', () => {
    expect(
      ContactSaveWrite.refused({ nfcUID: cardId }, 'This card has not been activated yet.').message,
    ).toBe('Failed to save contact: This card has not been activated yet. (Tapnet card 7)');
  });
});
