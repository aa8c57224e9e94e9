import { expect, it } from 'vitest';
import { ADMIN, bearer, createMember, describeOnEachDatabase, json, SECURITY } from './helpers';

describeOnEachDatabase('operator sign-in', (t) => {
  const operatorLogin = (area: 'admin' | 'security', payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: `/api/${area}/login`, payload });
  const session = (area: 'admin' | 'security', token: string) =>
    t().app.inject({ method: 'GET', url: `/api/${area}/session`, headers: bearer(token) });

  it('creates the configured operators at start and signs them in with a token', async () => {
    const admin = await operatorLogin('admin', ADMIN);
    expect(admin.statusCode).toBe(200);
    const { token } = json<{ token: string }>(admin);
    expect((await session('admin', token)).statusCode).toBe(200);

    const security = await operatorLogin('security', SECURITY);
    expect(security.statusCode).toBe(200);
    expect(json(await session('security', json<{ token: string }>(security).token))).toMatchObject({
      role: 'security',
    });
  });

  it('answers a failed sign-in with { error } only', async () => {
    const wrong = await operatorLogin('admin', { ...ADMIN, password: 'Wrong-Passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    const crossed = await operatorLogin('admin', SECURITY);
    expect(crossed.statusCode).toBe(401);
    const empty = await operatorLogin('security', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error).toBe('Validation failed');
  });

  it("keeps each token inside its own area: operator tokens are refused by member and the other role's endpoints", async () => {
    const adminToken = json<{ token: string }>(await operatorLogin('admin', ADMIN)).token;
    const securityToken = json<{ token: string }>(await operatorLogin('security', SECURITY)).token;
    const member = await createMember(t());

    expect((await session('security', adminToken)).statusCode).toBe(401);
    expect((await session('admin', securityToken)).statusCode).toBe(401);
    expect((await session('admin', member.accessToken)).statusCode).toBe(401);
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(adminToken),
    });
    expect(account.statusCode).toBe(401);
  });

  it('does not let an operator or a member use the other sign-in', async () => {
    const viaMemberLogin = await t().app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(viaMemberLogin.statusCode).toBe(403);
    const member = await createMember(t());
    const viaAdminLogin = await operatorLogin('admin', { email: member.email, password: member.password });
    expect(viaAdminLogin.statusCode).toBe(401);
  });
});
