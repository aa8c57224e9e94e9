// The app-start session check (spec §4). fetch is stubbed as the server boundary.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredNavigator } from '../../src/session/session-expiry';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { checkSession } from '../../src/sync/session-check';
import { account, jsonResponse, tokenExpiringIn } from './helpers';

function stubFetch(answer: (path: string) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: Request) => answer(new URL(input.url).pathname));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ status: 'checking', account: null });
  setSessionExpiredNavigator(() => {});
});

afterEach(() => vi.unstubAllGlobals());

describe('checkSession', () => {
  it('signs out without a token, asking nobody', async () => {
    const fetch = stubFetch(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('treats a registration waiting for its code as signed out', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.verificationPending, 'true');
    stubFetch(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });

  it('signs in with the account when the server accepts the token', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    stubFetch(() => jsonResponse(200, account));
    await checkSession();
    expect(useSessionStore.getState()).toMatchObject({ status: 'signedIn', account });
  });

  it('clears the session when the server refuses it with 403', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
    stubFetch(() => jsonResponse(403, { error: 'Forbidden' }));
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
  });

  it('stays signed in offline, so the cached app remains usable', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
    localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await checkSession();
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect(localStorage.getItem(StorageKeys.token)).not.toBeNull();
  });
});
