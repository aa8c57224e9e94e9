// The session layer (README Accounts and sessions): the page and the service worker share one refresh, so
// a rotated refresh token is spent once, and browser storage drops what it cannot read. fetch is stubbed as
// the server boundary; IndexedDB is fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAuthMirror } from '../../src/db/auth-mirror';
import { db } from '../../src/db/tapnet-db';
import { Stored } from '../../src/session/browser-storage';
import { StorageKeys } from '../../src/session/storage-keys';
import { refreshTokens } from '../../src/session/token-refresh';
import { mirrorTokenStore, pageTokenStore, reconcileTokenMirror } from '../../src/session/token-store';
import { jsonResponse, makeToken, tokenExpiringIn } from './helpers';

const oldToken = tokenExpiringIn(600);
const newToken = makeToken({ sub: 'user-1', role: 'user', exp: Math.floor(Date.now() / 1000) + 900 });

function stubRefreshEndpoint(): string[] {
  const spent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const body = (await input.clone().json()) as { refreshToken: string };
      spent.push(body.refreshToken);
      return jsonResponse(200, { accessToken: newToken, refreshToken: 'refresh.token.two' });
    }),
  );
  return spent;
}

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, oldToken);
  localStorage.setItem(StorageKeys.refreshToken, 'refresh.token.one');
  await db.authMirror.clear();
  await reconcileTokenMirror();
});

afterEach(() => vi.unstubAllGlobals());

describe('one refresh for the page and the service worker', () => {
  it('writes the new pair to localStorage and to the copy the service worker reads, together', async () => {
    stubRefreshEndpoint();
    expect(await refreshTokens(pageTokenStore, oldToken)).toEqual({
      kind: 'refreshed',
      accessToken: newToken,
    });
    expect(localStorage.getItem(StorageKeys.token)).toBe(newToken);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh.token.two');
    expect(await readAuthMirror()).toMatchObject({
      accessToken: newToken,
      refreshToken: 'refresh.token.two',
      isAheadOfPage: false,
    });
  });

  it('a replay that finds the token already refreshed by the page uses it instead of spending the refresh token again', async () => {
    const spent = stubRefreshEndpoint();
    await refreshTokens(pageTokenStore, oldToken);
    // The service worker's replay was refused with the old token before the page's refresh landed.
    expect(await refreshTokens(mirrorTokenStore, oldToken)).toEqual({
      kind: 'refreshed',
      accessToken: newToken,
    });
    expect(spent).toEqual(['refresh.token.one']);
  });

  it('a page that finds the pair a replay refreshed adopts it instead of spending the rotated token', async () => {
    const spent = stubRefreshEndpoint();
    await refreshTokens(mirrorTokenStore, oldToken);
    expect(await refreshTokens(pageTokenStore, oldToken)).toEqual({
      kind: 'refreshed',
      accessToken: newToken,
    });
    expect(spent).toEqual(['refresh.token.one']);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh.token.two');
  });
});

describe('browser storage', () => {
  it('drops a value it cannot read and answers null', () => {
    localStorage.setItem(StorageKeys.role, 'root');
    localStorage.setItem(StorageKeys.lastVisitTime, 'yesterday');
    localStorage.setItem(StorageKeys.contactsPanelTab, 'photos');
    expect(Stored.role.read()).toBeNull();
    expect(Stored.lastVisitTime.read()).toBeNull();
    expect(Stored.contactsPanelTab.read()).toBeNull();
    expect(localStorage.getItem(StorageKeys.role)).toBeNull();
    expect(localStorage.getItem(StorageKeys.lastVisitTime)).toBeNull();
  });

  it("keeps the spec's key names and flag values", () => {
    Stored.verificationPending.write(true);
    Stored.lastVisitTime.write(1_700_000_000_000);
    expect(localStorage.getItem('verificationPending')).toBe('true');
    expect(localStorage.getItem('lastVisitTime')).toBe('1700000000000');
    expect(Stored.verificationPending.read()).toBe(true);
  });
});
