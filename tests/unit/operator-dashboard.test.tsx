// An operator dashboard's calls and states (insights-and-operators.md §4, §6, §8) as the admin and security
// screens see them. The server is stubbed at fetch (tests/support/stub-server.ts): these tests are about
// what the client does around it.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorEndpoints } from '../../contract/operators';
import {
  callOperatorEndpoint,
  LOGIN_FAILED_MESSAGE,
  LOGIN_UNREACHABLE_MESSAGE,
  logInOperator,
  type OperatorRole,
} from '../../src/api/operators';
import { StorageKeys } from '../../src/session/storage-keys';
import {
  type OperatorDashboard,
  type OperatorDashboardState,
  useOperatorDashboard,
} from '../../src/sync/use-operator-dashboard';
import { offline, stubServer } from '../support/stub-server';
import { jsonResponse, tokenExpiringIn } from './helpers';

const memberToken = tokenExpiringIn(600);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, memberToken);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('operator login', () => {
  it('keeps the token under the role key, apart from the member session', async () => {
    const sent = stubServer(() => jsonResponse(200, { token: 'admin.jwt.token' }));

    const outcome = await logInOperator('admin', { email: 'ops@example.test', password: 'secret' });

    expect(outcome).toEqual({ ok: true, next: 'dashboard' });
    expect(sent).toMatchObject([
      {
        method: 'POST',
        path: '/api/admin/login',
        authorization: null,
        body: { email: 'ops@example.test', password: 'secret' },
      },
    ]);
    expect(sent).toHaveLength(1);
    expect(localStorage.getItem(StorageKeys.adminToken)).toBe('admin.jwt.token');
    expect(localStorage.getItem(StorageKeys.securityToken)).toBeNull();
    expect(localStorage.getItem(StorageKeys.token)).toBe(memberToken);
  });

  it('keeps no token while the second factor is asked, and says when the enrolment comes first', async () => {
    stubServer(() => jsonResponse(200, { secondFactorToken: 'pending.jwt' }));
    expect(await logInOperator('admin', { email: 'ops@example.test', password: 'secret' })).toEqual({
      ok: true,
      next: 'second-factor',
      secondFactorToken: 'pending.jwt',
    });
    expect(localStorage.getItem(StorageKeys.adminToken)).toBeNull();

    stubServer(() => jsonResponse(200, { token: 'held.jwt', mustEnrol: true }));
    expect(await logInOperator('admin', { email: 'ops@example.test', password: 'secret' })).toEqual({
      ok: true,
      next: 'enrolment',
    });
    expect(localStorage.getItem(StorageKeys.adminToken)).toBe('held.jwt');
  });

  it("says the server's error, else 'Login failed', else that authentication failed", async () => {
    stubServer(() => jsonResponse(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    expect(await logInOperator('security', { email: 'a@b.test', password: 'x' })).toEqual({
      ok: false,
      message: 'Invalid email or password',
    });

    stubServer(() => new Response('Bad Gateway', { status: 502 }));
    expect(await logInOperator('security', { email: 'a@b.test', password: 'x' })).toEqual({
      ok: false,
      message: LOGIN_FAILED_MESSAGE,
    });

    stubServer(offline);
    expect(await logInOperator('security', { email: 'a@b.test', password: 'x' })).toEqual({
      ok: false,
      message: LOGIN_UNREACHABLE_MESSAGE,
    });
    expect(localStorage.getItem(StorageKeys.securityToken)).toBeNull();
  });
});

describe('an operator call', () => {
  it('carries the operator token, never the member one', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    const sent = stubServer(() => jsonResponse(200, { id: 'op-1', role: 'admin' }));

    const outcome = await callOperatorEndpoint(OperatorEndpoints.admin.session);

    expect(outcome).toEqual({ kind: 'done', value: { id: 'op-1', role: 'admin' } });
    expect(sent.map((request) => request.authorization)).toEqual(['Bearer admin.jwt.token']);
  });

  it.each([401, 403])('after a %i removes the token and is neither refreshed nor retried', async (status) => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    localStorage.setItem(StorageKeys.refreshToken, 'member.refresh.token');
    const sent = stubServer(() => jsonResponse(status, { error: 'Token expired', code: 'TOKEN_INVALID' }));

    expect(await callOperatorEndpoint(OperatorEndpoints.admin.session)).toEqual({ kind: 'expired' });

    expect(sent.map((request) => request.path)).toEqual(['/api/admin/session']);
    expect(localStorage.getItem(StorageKeys.adminToken)).toBeNull();
    expect(localStorage.getItem(StorageKeys.token)).toBe(memberToken);
  });

  it('answers any other refusal with its status, code, error and raw body', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    const body = '{"error":"Internal Server Error","code":"INTERNAL_ERROR"}';
    stubServer(() => new Response(body, { status: 500 }));

    expect(await callOperatorEndpoint(OperatorEndpoints.admin.session)).toEqual({
      kind: 'failed',
      failure: {
        kind: 'refused',
        status: 500,
        code: 'INTERNAL_ERROR',
        error: 'Internal Server Error',
        errors: [],
        body,
      },
    });
    expect(localStorage.getItem(StorageKeys.adminToken)).toBe('admin.jwt.token');
  });
});

let dashboard: OperatorDashboard<{ id: string }> | undefined;
const states: OperatorDashboardState<{ id: string }>[] = [];
let root: Root | undefined;

function DashboardProbe({ role, isEmpty = false }: { role: OperatorRole; isEmpty?: boolean }) {
  dashboard = useOperatorDashboard(OperatorEndpoints[role].session, (answer) =>
    isEmpty ? null : { id: answer.id },
  );
  states.push(dashboard.state);
  return null;
}

function render(role: OperatorRole, isEmpty = false) {
  states.length = 0;
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<DashboardProbe role={role} isEmpty={isEmpty} />);
}

const lastState = () => states.at(-1);

describe('an operator dashboard', () => {
  afterEach(() => {
    root?.unmount();
  });

  it('shows the login form and calls nothing without a stored token', async () => {
    const sent = stubServer(() => jsonResponse(200, { id: 'op-1', role: 'admin' }));

    render('admin');

    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'logged-out', notice: null }));
    expect(sent).toEqual([]);
  });

  it('with a stored token loads at once: loading, then loaded', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    stubServer(() => jsonResponse(200, { id: 'op-1', role: 'admin' }));

    render('admin');

    await vi.waitFor(() => expect(states[0]).toEqual({ status: 'loading' }));
    await vi.waitFor(() => expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'op-1' } }));
  });

  it('after a successful login stores the token and loads', async () => {
    const sent = stubServer((request) =>
      request.path.endsWith('/login')
        ? jsonResponse(200, { token: 'security.jwt.token' })
        : jsonResponse(200, { id: 'op-2', role: 'security' }),
    );
    render('security');
    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'logged-out', notice: null }));

    await dashboard?.logIn({ email: 'sec@example.test', password: 'secret' });

    await vi.waitFor(() => expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'op-2' } }));
    expect(sent.map((request) => request.authorization)).toEqual([null, 'Bearer security.jwt.token']);
  });

  it.each([
    ['admin', 401, 'Admin session expired. Please log in again.'],
    ['security', 403, 'Security session expired. Please log in again.'],
  ] as const)('%s: a %i returns to login with the session-expired message', async (role, status, message) => {
    localStorage.setItem(StorageKeys[`${role}Token`], `${role}.jwt.token`);
    stubServer(() => jsonResponse(status, { error: 'Forbidden', code: 'TOKEN_INVALID' }));

    render(role);

    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'logged-out', notice: message }));
    expect(localStorage.getItem(StorageKeys[`${role}Token`])).toBeNull();
  });

  it('says what failed with the area prefix, and Back to Login logs out', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    stubServer(() => new Response('database down', { status: 503 }));
    render('admin');
    await vi.waitFor(() =>
      expect(lastState()).toEqual({
        status: 'error',
        message: 'Failed to fetch analytics data: HTTP 503: database down',
      }),
    );

    dashboard?.logOut();

    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'logged-out', notice: null }));
    expect(localStorage.getItem(StorageKeys.adminToken)).toBeNull();
  });

  it('names a failure to reach the server with the security prefix', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security.jwt.token');
    stubServer(offline);

    render('security');

    await vi.waitFor(() =>
      expect(lastState()).toEqual({
        status: 'error',
        message: 'Failed to fetch security data: Failed to fetch',
      }),
    );
  });

  it('shows the empty-data state when the server has no data', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    stubServer(() => jsonResponse(200, { id: 'op-1', role: 'admin' }));

    render('admin', true);

    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'empty' }));
  });

  it('keeps the figures on screen while Refresh Data runs, then shows the new ones', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    let answerId = 'first';
    let release = () => {};
    stubServer(async () => {
      if (answerId === 'second') await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse(200, { id: answerId, role: 'admin' });
    });
    render('admin');
    await vi.waitFor(() => expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'first' } }));

    answerId = 'second';
    dashboard?.refresh();

    await vi.waitFor(() =>
      expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'first' }, isRefreshing: true }),
    );
    release();
    await vi.waitFor(() =>
      expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'second' }, isRefreshing: false }),
    );
  });

  it('drops an answer that arrives after the operator logged out', async () => {
    localStorage.setItem(StorageKeys.adminToken, 'admin.jwt.token');
    let release = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    stubServer(async (request) => {
      if (request.path.endsWith('/login')) return jsonResponse(200, { token: 'admin.jwt.token' });
      reads += 1;
      if (reads > 1) return jsonResponse(200, { id: 'fresh', role: 'admin' });
      await late;
      return jsonResponse(200, { id: 'late', role: 'admin' });
    });
    render('admin');
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());

    dashboard?.logOut();
    await vi.waitFor(() => expect(lastState()).toEqual({ status: 'logged-out', notice: null }));
    release();
    // Logging in again reads anew; the late answer, had it been kept, would have shown before it.
    await dashboard?.logIn({ email: 'ops@example.test', password: 'secret' });

    await vi.waitFor(() => expect(lastState()).toMatchObject({ status: 'loaded', data: { id: 'fresh' } }));
    expect(states.filter((state) => state.status === 'loaded')).toHaveLength(1);
  });
});
