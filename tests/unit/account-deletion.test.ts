import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/db/tapnet-db';
import { isDeletionConfirmed } from '../../src/features/account-settings/delete-confirmation';
import { expireSession, setSessionExpiredNavigator } from '../../src/session/session-expiry';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { leaveDeletedAccount } from '../../src/sync/log-out';

const account = {
  _id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  nfcUID: null,
  joined: '2026-01-02T03:04:05.000Z',
  businessCard: null,
};

function queuedSave(ownerUserId: string, idempotencyKey: string) {
  return {
    kind: 'contact.save',
    coalesceKey: null,
    payload: { nfcUID: `${'a'.repeat(40)}-1` },
    queuedAt: Date.now(),
    idempotencyKey,
    ownerUserId,
    attempts: 0,
    lastError: null,
  };
}

describe('the typed confirmation', () => {
  it('accepts "delete" in any case, with stray spaces, and nothing else', () => {
    for (const typed of ['delete', 'DELETE', 'DeLeTe', ' delete '])
      expect(isDeletionConfirmed(typed)).toBe(true);
    for (const typed of ['', 'delet', 'deleted', 'remove', 'd e l e t e']) {
      expect(isDeletionConfirmed(typed)).toBe(false);
    }
  });
});

describe('leaving a deleted account', () => {
  beforeEach(async () => {
    localStorage.clear();
    await Promise.all([db.pendingWrites.clear(), db.writeNotices.clear()]);
  });

  it("ends the session and drops the member's queued saves and flags, but not another member's", async () => {
    localStorage.setItem(StorageKeys.token, 'a.b.c');
    localStorage.setItem(StorageKeys.refreshToken, 'd.e.f');
    localStorage.setItem(StorageKeys.activationPromptDismissed, 'true');
    useSessionStore.getState().signIn(account);
    await db.pendingWrites.bulkAdd([
      queuedSave('user-1', 'key-of-user-1'),
      queuedSave('user-2', 'key-of-user-2'),
    ]);
    await db.writeNotices.add({
      ownerUserId: 'user-1',
      kind: 'contact.save',
      type: 'refused',
      message: 'Failed to save contact: Cannot save your own business card.',
      keptText: null,
      at: Date.now(),
    });

    await leaveDeletedAccount('accountDeleted');

    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBeNull();
    expect(localStorage.getItem(StorageKeys.activationPromptDismissed)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signedOut',
      signOutReason: 'accountDeleted',
    });
    expect((await db.pendingWrites.toArray()).map((entry) => entry.ownerUserId)).toEqual(['user-2']);
    expect(await db.writeNotices.count()).toBe(0);
  });

  it('is signed out before the writes are cleared: a refusal meanwhile does not send the member to /login', async () => {
    const navigations: string[] = [];
    setSessionExpiredNavigator((to) => navigations.push(to));
    useSessionStore.getState().signIn(account);
    await db.pendingWrites.add(queuedSave('user-1', 'key-of-user-1'));

    const leaving = leaveDeletedAccount('accountDeleted');
    // A call sent before the deletion comes back refused while the queued writes are being removed.
    expireSession();
    await leaving;

    expect(useSessionStore.getState().signOutReason).toBe('accountDeleted');
    expect(navigations).toEqual([]);
    expect(await db.pendingWrites.count()).toBe(0);
  });
});
