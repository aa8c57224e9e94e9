// Sessions everyone can see (issue 30 point 4): a member and an operator list their open sessions
// (device, browser, country, last seen, this device) and end one or all others; an ended session's
// tokens are refused at their next request, access and refresh alike, in this process and (through the
// database's notices) in any other.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ActiveSession } from '../../contract/sessions';
import { AuthService } from '../../server/modules/auth';
import {
  ADMIN,
  bearer,
  createMember,
  describeOnEachDatabase,
  json,
  SECURITY,
  STRONG_PASSWORD,
  type TestContext,
} from './helpers';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** The fallback country table places it in GB. */
const UK_ADDRESS = '81.2.69.160';

async function memberLogin(t: TestContext, email: string, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: UK_ADDRESS,
  });
  expect(response.statusCode).toBe(200);
  return json<{ accessToken: string; refreshToken: string }>(response);
}

async function operatorLogin(t: TestContext, role: 'admin' | 'security', userAgent = WINDOWS_CHROME) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/login`,
    payload: role === 'admin' ? ADMIN : SECURITY,
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  return json<{ token: string }>(response).token;
}

async function listSessions(t: TestContext, url: string, token: string): Promise<ActiveSession[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return json<{ sessions: ActiveSession[] }>(response).sessions;
}

function call(t: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, token: string) {
  return t.app.inject({ method, url, headers: bearer(token) });
}

describeOnEachDatabase('sessions the account holder sees and ends', (t) => {
  it('a member sees each open session with device, browser, country and which one is this device', async () => {
    const member = await createMember(t());
    const phone = await memberLogin(t(), member.email, IPHONE);
    await memberLogin(t(), member.email, WINDOWS_CHROME);
    const sessions = await listSessions(t(), '/api/sessions/open', phone.accessToken);
    // The verification signed the member in too.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.isCurrent)).toEqual([
      expect.objectContaining({ device: 'mobile', os: 'iOS', browser: 'Safari', country: 'GB' }),
    ]);
    expect(sessions).toContainEqual(
      expect.objectContaining({ device: 'desktop', browser: 'Chrome', isCurrent: false }),
    );
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.startedAt));
    }
  });

  it('ending another session refuses its access token at once and its refresh token too', async () => {
    const member = await createMember(t());
    const phone = await memberLogin(t(), member.email, IPHONE);
    const laptop = await memberLogin(t(), member.email, WINDOWS_CHROME);
    // The laptop's session is remembered as open by this process before it is ended.
    expect((await call(t(), 'GET', '/api/sessions/open', laptop.accessToken)).statusCode).toBe(200);
    const laptopSession = (await listSessions(t(), '/api/sessions/open', laptop.accessToken)).find(
      (session) => session.isCurrent,
    );

    const ended = await call(t(), 'DELETE', `/api/sessions/open/${laptopSession?.id}`, phone.accessToken);
    expect(ended.statusCode).toBe(204);

    const refused = await call(t(), 'GET', '/api/sessions/open', laptop.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toMatchObject({ code: 'TOKEN_INVALID' });
    const refresh = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const left = await listSessions(t(), '/api/sessions/open', phone.accessToken);
    expect(left.map((session) => session.id)).not.toContain(laptopSession?.id);

    const again = await call(t(), 'DELETE', `/api/sessions/open/${laptopSession?.id}`, phone.accessToken);
    expect(again.statusCode).toBe(404);
    expect(json(again)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('another member’s session, an unknown id or one that is not an id is not found, and nothing ends', async () => {
    const ada = await createMember(t());
    const grace = await createMember(t());
    const graceSession = (await listSessions(t(), '/api/sessions/open', grace.accessToken))[0];
    for (const id of [graceSession?.id, randomUUID(), 'not-a-session']) {
      const response = await call(t(), 'DELETE', `/api/sessions/open/${id}`, ada.accessToken);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    }
    expect((await call(t(), 'GET', '/api/sessions/open', grace.accessToken)).statusCode).toBe(200);
  });

  it('ending all others keeps only this device signed in', async () => {
    const member = await createMember(t());
    const phone = await memberLogin(t(), member.email, IPHONE);
    const laptop = await memberLogin(t(), member.email, WINDOWS_CHROME);
    const response = await call(t(), 'DELETE', '/api/sessions/open', phone.accessToken);
    expect(response.statusCode).toBe(200);
    // The verification's session and the laptop's.
    expect(json(response)).toEqual({ ended: 2 });
    expect((await call(t(), 'GET', '/api/sessions/open', laptop.accessToken)).statusCode).toBe(401);
    expect((await call(t(), 'POST', '/api/sessions/heartbeat', member.accessToken)).statusCode).toBe(401);
    const left = await listSessions(t(), '/api/sessions/open', phone.accessToken);
    expect(left).toEqual([expect.objectContaining({ isCurrent: true, browser: 'Safari' })]);
  });

  it('an operator lists their sessions and ends one: its token is refused on the dashboard at once', async () => {
    const first = await operatorLogin(t(), 'security', IPHONE);
    const second = await operatorLogin(t(), 'security');
    expect((await call(t(), 'GET', '/api/security/dashboard', first)).statusCode).toBe(200);
    const sessions = await listSessions(t(), '/api/security/sessions', second);
    const firstSession = sessions.find((session) => session.browser === 'Safari');
    expect(firstSession).toMatchObject({ device: 'mobile', isCurrent: false });
    expect(sessions.find((session) => session.isCurrent)).toMatchObject({ browser: 'Chrome' });

    const ended = await call(t(), 'DELETE', `/api/security/sessions/${firstSession?.id}`, second);
    expect(ended.statusCode).toBe(204);
    expect((await call(t(), 'GET', '/api/security/dashboard', first)).statusCode).toBe(401);
    expect((await call(t(), 'GET', '/api/security/session', second)).statusCode).toBe(200);

    const third = await operatorLogin(t(), 'security');
    const others = await call(t(), 'DELETE', '/api/security/sessions', third);
    expect(json(others).ended).toBeGreaterThanOrEqual(1);
    expect((await call(t(), 'GET', '/api/security/session', second)).statusCode).toBe(401);
    expect((await call(t(), 'GET', '/api/security/session', third)).statusCode).toBe(200);
  });

  it('a member’s session list is not an operator’s: each token reaches only its own', async () => {
    const member = await createMember(t());
    const admin = await operatorLogin(t(), 'admin');
    expect((await call(t(), 'GET', '/api/admin/sessions', member.accessToken)).statusCode).toBe(401);
    expect((await call(t(), 'GET', '/api/sessions/open', admin)).statusCode).toBe(401);
    const adminSessions = await listSessions(t(), '/api/admin/sessions', admin);
    expect(adminSessions.some((session) => session.isCurrent)).toBe(true);
  });

  it('a changed operator password ends the operator’s sessions', async () => {
    const before = await operatorLogin(t(), 'admin');
    const auth = new AuthService(t().app.ctx);
    await auth.ensureOperator('admin', { email: ADMIN.email, password: 'Another-Passw0rd' });
    expect((await call(t(), 'GET', '/api/admin/session', before)).statusCode).toBe(401);
    // The configured password again: the sessions signed in with the other one end as well.
    await auth.ensureOperator('admin', ADMIN);
    const after = await operatorLogin(t(), 'admin');
    expect((await call(t(), 'GET', '/api/admin/session', after)).statusCode).toBe(200);
    // The same password again changes nothing.
    await auth.ensureOperator('admin', ADMIN);
    expect((await call(t(), 'GET', '/api/admin/session', after)).statusCode).toBe(200);
  });
});
