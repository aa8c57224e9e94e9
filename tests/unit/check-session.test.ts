// The app-start session check (spec §4). The server is stubbed at fetch (tests/support/stub-server.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredNavigator } from '../../src/session/session-expiry';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { checkSession } from '../../src/sync/session-check';
import { offline, stubServer } from '../support/stub-server';
import { account, jsonResponse, tokenExpiringIn } from './helpers';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'checking', account: null });
  setSessionExpiredNavigator(() => {});
});

afterEach(() => vi.unstubAllGlobals());

describe('checkSession', () => {
  it('signs out without a token, asking nobody', async () => {
    const sent = stubServer(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(sent).toEqual([]);
  });

  it('treats a registration waiting for its code as signed out', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.verificationPending, 'true');
    stubServer(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('signs in with the account when the server accepts the token', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    stubServer(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', account });
  });

  it('clears the session when the server refuses it with 403', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
    stubServer(() => jsonResponse(403, { error: 'Forbidden' }));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
  });

  it('stays signed in offline, so the cached app remains usable', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
    stubServer(offline);
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect(localStorage.getItem(StorageKeys.token)).not.toBeNull();
  });
});
