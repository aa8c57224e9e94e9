// The HTTP client's refresh rules (spec §4 Session token, §6). fetch is stubbed: it is the boundary
// between the client and the server, and these tests are about what the client does around it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, refreshAccessToken, request } from '../../src/api/client';
import { setSessionExpiredNavigator } from '../../src/session/session-expiry';
import { useSessionStore } from '../../src/session/session-store';
import { StorageKeys } from '../../src/session/storage-keys';
import { jsonResponse, tokenExpiringIn } from './helpers';

const oldToken = tokenExpiringIn(600);
const newToken = tokenExpiringIn(900);
const refreshToken = 'refresh.token.one';

interface SentRequest {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** Answers like the server would, recording every request it receives. */
function stubServer(answer: (sent: SentRequest) => Response | Promise<Response>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.clone().text();
      const request: SentRequest = {
        path: new URL(input.url).pathname,
        authorization: input.headers.get('Authorization'),
        body: text ? JSON.parse(text) : undefined,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
}

/** A member API that accepts only the new token, and a refresh endpoint that issues it. */
function memberApi(refreshAnswer: () => Response | Promise<Response>) {
  return (sent: SentRequest) => {
    if (sent.path === '/api/auth/refresh-token') return refreshAnswer();
    return sent.authorization === `Bearer ${newToken}`
      ? jsonResponse(200, { ok: true })
      : jsonResponse(401, { error: 'Token expired' });
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

    const first = request('/api/user/account');
    const second = request('/api/contact');
    await vi.waitFor(() => expect(sent.filter((s) => s.path === '/api/auth/refresh-token')).toHaveLength(1));
    releaseRefresh();
    const responses = await Promise.all([first, second]);

    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(sent.filter((s) => s.path === '/api/auth/refresh-token')).toHaveLength(1);
    expect(sent.filter((s) => s.authorization === `Bearer ${newToken}`).map((s) => s.path)).toEqual(
      expect.arrayContaining(['/api/user/account', '/api/contact']),
    );
    expect(localStorage.getItem(StorageKeys.token)).toBe(newToken);
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe('refresh.token.two');
  });

  it('sends the refresh without an Authorization header', async () => {
    const sent = stubServer(memberApi(() => jsonResponse(200, { accessToken: newToken })));
    await request('/api/user/account');
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
    await expect(request('/api/user/account')).rejects.toMatchObject({
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
    await request('/api/user/account');
    expect(localStorage.getItem(StorageKeys.refreshToken)).toBe(refreshToken);
  });
});

describe('admin and security calls', () => {
  it.each(['/api/admin/cards', '/api/security/events'])(
    'are never refreshed or retried (%s)',
    async (path) => {
      const sent = stubServer(() => jsonResponse(401, { error: 'Unauthorized' }));
      await expect(request(path)).rejects.toBeInstanceOf(ApiError);
      expect(sent.map((s) => s.path)).toEqual([path]);
      expect(localStorage.getItem(StorageKeys.token)).toBe(oldToken);
    },
  );
});

describe('a refresh that fails', () => {
  it('clears the session and sends the user to /login with the page to come back to', async () => {
    localStorage.setItem('tapnet:contacts:user-1:v1', '{}');
    stubServer(memberApi(() => jsonResponse(401, { error: 'Invalid refresh token' })));

    await expect(request('/api/user/account')).rejects.toBeInstanceOf(ApiError);

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
    await expect(request('/api/user/account')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(StorageKeys.token)).toBeNull();
    expect(navigations).toEqual([]);
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
    const error = await request('/api/auth/register', { method: 'post', json: {} }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: ['Name is required', 'Password is too short'],
    });
  });

  it('a 401 from login is the wrong-credentials answer, never a refresh', async () => {
    const sent = stubServer(() => jsonResponse(401, { error: 'Invalid email or password' }));
    await expect(request('/api/auth/login', { method: 'post', json: {} })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(sent).toHaveLength(1);
    expect(localStorage.getItem(StorageKeys.token)).toBe(oldToken);
  });
});
