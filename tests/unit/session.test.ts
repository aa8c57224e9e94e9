import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicCard } from '../../contract/card';
import { CARD_DETAIL_FIELDS } from '../../contract/card-paths';
import {
  PENDING_CARD_SAVE_VALIDITY_MS,
  readPendingCardSave,
  removeExpiredPendingCardSave,
  storePendingCardSave,
} from '../../src/session/pending-card-save';
import { clearSession, storeSignIn } from '../../src/session/session';
import { CONTACTS_CACHE_PREFIX, POLL_LEADER_PREFIX, StorageKeys } from '../../src/session/storage-keys';
import { storeRefreshToken } from '../../src/session/token-store';

beforeEach(() => localStorage.clear());

describe('clearSession', () => {
  it('removes the tokens, e-mail, role and every contacts-cache and poll-leader key', () => {
    localStorage.setItem(StorageKeys.token, 'a.b.c');
    localStorage.setItem(StorageKeys.refreshToken, 'd.e.f');
    localStorage.setItem(StorageKeys.userEmail, 'ada@example.test');
    localStorage.setItem(StorageKeys.role, 'user');
    localStorage.setItem(`${CONTACTS_CACHE_PREFIX}user-1:v1`, '{}');
    localStorage.setItem(`${CONTACTS_CACHE_PREFIX}user-2:v1`, '{}');
    localStorage.setItem(`${POLL_LEADER_PREFIX}user-1`, '{}');

    clearSession();

    expect(localStorage.length).toBe(0);
  });

  it('keeps what belongs to the device rather than the session', () => {
    localStorage.setItem(StorageKeys.token, 'a.b.c');
    localStorage.setItem(StorageKeys.lastVisitTime, '1');
    localStorage.setItem(StorageKeys.activationCardId, 'card');

    clearSession();

    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(localStorage.getItem(StorageKeys.lastVisitTime)).toBe('1');
    expect(localStorage.getItem(StorageKeys.activationCardId)).toBe('card');
  });
});

describe('storing tokens', () => {
  it('stores a refresh token only when it is well-formed', () => {
    storeRefreshToken('not-a-token');
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBeNull();
    storeRefreshToken('a.b.c');
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('a.b.c');
  });

  it('a sign-in stores the session and ends a pending verification', () => {
    localStorage.setItem(StorageKeys.verificationPending, 'true');
    storeSignIn({ accessToken: 'a.b.c', refreshToken: 'd.e.f', role: 'user', email: 'ada@example.test' });
    expect(localStorage.getItem(StorageKeys.token)).toBe('a.b.c');
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('d.e.f');
    expect(localStorage.getItem(StorageKeys.role)).toBe('user');
    expect(localStorage.getItem(StorageKeys.userEmail)).toBe('ada@example.test');
    expect(localStorage.getItem(StorageKeys.verificationPending)).toBeNull();
  });
});

describe('removeExpiredPendingCardSave', () => {
  const now = 1_700_000_000_000;

  it('keeps a pending save younger than 30 minutes', () => {
    const save = JSON.stringify({ timestamp: now - PENDING_CARD_SAVE_VALIDITY_MS + 1000, nfcUID: 'x' });
    localStorage.setItem(StorageKeys.pendingCardSave, save);
    removeExpiredPendingCardSave(now);
    expect(localStorage.getItem(StorageKeys.pendingCardSave)).toBe(save);
  });

  it('removes a pending save older than 30 minutes', () => {
    const save = JSON.stringify({ timestamp: now - PENDING_CARD_SAVE_VALIDITY_MS - 1000, nfcUID: 'x' });
    localStorage.setItem(StorageKeys.pendingCardSave, save);
    removeExpiredPendingCardSave(now);
    expect(localStorage.getItem(StorageKeys.pendingCardSave)).toBeNull();
  });

  it('removes a pending save that cannot be read', () => {
    localStorage.setItem(StorageKeys.pendingCardSave, '{not json');
    removeExpiredPendingCardSave(now);
    expect(localStorage.getItem(StorageKeys.pendingCardSave)).toBeNull();
  });
});

describe('a pending save of a secure card’s tap', () => {
  const card = {
    nfcUID: `${'a'.repeat(40)}-7`,
    userId: 'owner',
    pronouns: '',
    name: 'Grace Hopper',
    ...Object.fromEntries(CARD_DETAIL_FIELDS.map((field) => [field, ''])),
  } as PublicCard;
  const tap = { p: 'EF963FF7828658A599F3041510671E88', c: '94EED9EE65337086' };

  it('keeps the tap’s data through the sign-in, so the save after it is verified', () => {
    storePendingCardSave(card, 1_000, null, tap);
    const read = readPendingCardSave(2_000);
    expect(read).toMatchObject({ status: 'valid', save: { nfcUID: card.nfcUID, tap } });
  });

  it('drops tap data that is not shaped like a tap’s, and keeps the save', () => {
    localStorage.setItem(
      StorageKeys.pendingCardSave,
      JSON.stringify({ timestamp: 1_000, nfcUID: card.nfcUID, tap: { p: 'not hex', c: tap.c } }),
    );
    const read = readPendingCardSave(2_000);
    expect(read.status).toBe('valid');
    expect(read.status === 'valid' && 'tap' in read.save).toBe(false);
  });
});
