// The member client's refresh rules (spec §4 Session token, §6): the policy follows the endpoint's `auth`.
// The server is stubbed at fetch (tests/support/stub-server.ts): these tests are about what the client
// does around it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAnalyticsEndpoint } from '../../contract/admin-analytics';
import { LoginEndpoint, RegisterEndpoint } from '../../contract/auth';
import { ListContactsEndpoint } from '../../contract/contacts';
import { GetAccountEndpoint } from '../../contract/user';
import { ApiError, callEndpoint, refreshAccessToken, UnexpectedAnswerError } from '../../src/api/client';
import { setSessionExpiredNavigator } from '../../src/session/session-expiry';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { type SentRequest, stubServer } from '../support/stub-server';
import { account, jsonResponse, tokenExpiringIn } from './helpers';

const oldToken = tokenExpiringIn(600);
const newToken = tokenExpiringIn(900);
const refreshToken = 'refresh.token.one';

/** A member API that accepts only the new token, and a refresh endpoint that issues it. */
function memberApi(refreshAnswer: () => Response | Promise<Response>) {
  return (sent: SentRequest) => {
    if (sent.path === '/api/auth/refresh-token') return refreshAnswer();
    if (sent.authorization !== `Bearer ${newToken}`) return jsonResponse(401, { error: 'Token expired' });
    return jsonResponse(200, sent.path === '/api/contact' ? [] : account);
  };
}

const navigations: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, oldToken);
  localStorage.setItem(StorageKeys.refreshToken, refreshToken);
  localStorage.setItem(StorageKeys.userEmail, 'ada@example.test');
  useSessionStore.getState().signIn();
  navigations.length = 0;
  setSessionExpiredNavigator((to) => navigations.push(to));
  window.history.replaceState(null, '', '/contacts?sort=name');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401 on a member call', () => {
  it('is answered by one shared refresh, after which both concurrent calls are retried', async () => {
    let releaseRefresh = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const sent = stubServer(
      memberApi(async () => {
        await refreshGate;
        return jsonResponse(200, { accessToken: newToken, refreshToken: 'refresh.token.two' });
      }),
    );

    const first = callEndpoint(GetAccountEndpoint);
    const second = callEndpoint(ListContactsEndpoint);
    await vi.waitFor(() => expect(sent.filter((s) => s.path === '/api/auth/refresh-token')).toHaveLength(1));
    releaseRefresh();
    expect(await Promise.all([first, second])).toEqual([account, []]);
    expect(sent.filter((s) => s.path === '/api/auth/refresh-token')).toHaveLength(1);
    expect(sent.filter((s) => s.authorization === `Bearer ${newToken}`).map((s) => s.path)).toEqual(
      expect.arrayContaining(['/api/user/account', '/api/contact']),
    );
    expect(localStorage.getItem(StorageKeys.token)).toBe(newToken);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh.token.two');
  });

  it('sends the refresh without an Authorization header', async () => {
    const sent = stubServer(memberApi(() => jsonResponse(200, { accessToken: newToken })));
    await callEndpoint(GetAccountEndpoint);
    const refresh = sent.find((s) => s.path === '/api/auth/refresh-token');
    expect(refresh?.authorization).toBeNull();
    expect(refresh?.body).toEqual({ refreshToken });
  });

  it('is retried once only: a second 401 reaches the caller', async () => {
    const sent = stubServer((s) =>
      s.path === '/api/auth/refresh-token'
        ? jsonResponse(200, { accessToken: newToken })
        : jsonResponse(401, { error: 'Unauthorized' }),
    );
    await expect(callEndpoint(GetAccountEndpoint)).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    expect(sent.map((s) => s.path)).toEqual([
      '/api/user/account',
      '/api/auth/refresh-token',
      '/api/user/account',
    ]);
  });

  it('keeps the old refresh token when the new one is not well-formed', async () => {
    stubServer(memberApi(() => jsonResponse(200, { accessToken: newToken, refreshToken: 'broken' })));
    await callEndpoint(GetAccountEndpoint);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe(refreshToken);
  });
});

describe('the endpoints a member client calls', () => {
  it('are none of the operators’: their tokens and refusals are api/operators.ts’s business', () => {
    // A compile-time check (npm run typecheck): the call below must not type-check.
    // @ts-expect-error an admin endpoint is no MemberEndpoint
    const call = () => callEndpoint(AdminAnalyticsEndpoint);
    expect(call).toBeTypeOf('function');
  });

  it('renew a token known to be expired before the call, instead of after its 401', async () => {
    localStorage.setItem(StorageKeys.token, tokenExpiringIn(-60));
    const sent = stubServer(memberApi(() => jsonResponse(200, { accessToken: newToken })));
    expect(await callEndpoint(GetAccountEndpoint)).toEqual(account);
    expect(sent.map((s) => s.path)).toEqual(['/api/auth/refresh-token', '/api/user/account']);
  });
});

describe('a refresh that fails', () => {
  it('clears the session and sends the user to /login with the page to come back to', async () => {
    localStorage.setItem('tapnet:contacts:user-1:v1', '{}');
    stubServer(memberApi(() => jsonResponse(401, { error: 'Invalid refresh token' })));

    await expect(callEndpoint(GetAccountEndpoint)).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBeNull();
    expect(localStorage.getItem(StorageKeys.userEmail)).toBeNull();
    expect(localStorage.getItem('tapnet:contacts:user-1:v1')).toBeNull();
    expect(useSessionStore.getState().status).toBe('signedOut');
    expect(navigations).toEqual([`/login?returnUrl=${encodeURIComponent('/contacts?sort=name')}`]);
  });

  it('does not navigate when the user is already on a login path', async () => {
    window.history.replaceState(null, '', '/login?returnUrl=%2Fmap');
    stubServer(memberApi(() => jsonResponse(401, { error: 'Invalid refresh token' })));
    await expect(callEndpoint(GetAccountEndpoint)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(navigations).toEqual([]);
  });

  it('ends nothing when it comes back after the member has signed out, as after deleting the account', async () => {
    // The account's deletion revokes the session of a call still on its way; the member is on /register.
    useSessionStore.getState().signOut('accountDeleted');
    window.history.replaceState(null, '', '/register');
    stubServer(memberApi(() => jsonResponse(401, { error: 'Invalid refresh token' })));
    await expect(callEndpoint(GetAccountEndpoint)).rejects.toBeInstanceOf(ApiError);
    expect(navigations).toEqual([]);
    expect(useSessionStore.getState().signOutReason).toBe('accountDeleted');
  });

  it("is 'Failed to refresh token' when no access token comes back", async () => {
    stubServer(memberApi(() => jsonResponse(200, { refreshToken: 'refresh.token.two' })));
    await expect(refreshAccessToken()).rejects.toThrow('Failed to refresh token');
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
  });

  it("is 'Invalid access token received' when the access token is malformed", async () => {
    stubServer(memberApi(() => jsonResponse(200, { accessToken: 'not-a-jwt' })));
    await expect(refreshAccessToken()).rejects.toThrow('Invalid access token received');
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
  });

  it('keeps the session when the server cannot be reached (offline)', async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(refreshAccessToken()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(StorageKeys.token)).toBe(oldToken);
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect(navigations).toEqual([]);
  });
});

describe('error objects', () => {
  it("expose the server's error message and validation errors", async () => {
    stubServer(() =>
      jsonResponse(400, {
        error: 'Validation failed',
        errors: ['Name is required', 'Password is too short'],
      }),
    );
    const error = await callEndpoint(RegisterEndpoint, {
      json: { name: '', email: 'ada@example.test', password: 'x', dateOfBirth: '1990-01-01' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: ['Name is required', 'Password is too short'],
    });
  });

  it('a 401 from login is the wrong-credentials answer, never a refresh', async () => {
    const sent = stubServer(() => jsonResponse(401, { error: 'Invalid email or password' }));
    await expect(
      callEndpoint(LoginEndpoint, { json: { email: 'ada@example.test', password: 'wrong' } }),
    ).rejects.toThrow('Invalid email or password');
    expect(sent).toHaveLength(1);
    expect(localStorage.getItem(StorageKeys.token)).toBe(oldToken);
  });

  it('a success in a shape the contract does not declare is an unexpected answer, not a refusal', async () => {
    localStorage.setItem(StorageKeys.token, newToken);
    stubServer(() => jsonResponse(200, { unexpected: true }));
    await expect(callEndpoint(GetAccountEndpoint)).rejects.toEqual(new UnexpectedAnswerError(200));
  });
});
