// The security operator's API: who may call each route, the dashboard's figures after real attack
// requests, unblocking everywhere, manual blocks, the allowlist, rule modes with their preview, the
// audit log, the CSV export, and alert mail.
import { beforeAll, expect, it } from 'vitest';
import { fillPath } from '../../contract/endpoint';
import { SecurityDashboardResponseSchema, securityEndpoints } from '../../contract/security';
import { adminToken, bearer, createMember, describeOnEachDatabase, json, SECURITY } from './helpers';

const SCANNER = 'Mozilla/5.00 (Nikto/2.1.6) (Evasions:None)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A Google address: the built-in country table places it in the United States. */
const ATTACKER = '8.8.8.8';

describeOnEachDatabase('security operator API', (t) => {
  let security = '';
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = security) =>
    t().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    const login = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    security = json<{ token: string }>(login).token;
  });

  it('refuses every security route without a token, with a member’s and with an admin’s', async () => {
    const member = await createMember(t());
    const admin = await adminToken(t());
    for (const endpoint of securityEndpoints) {
      const url = fillPath(endpoint.path, {
        ipAddress: '192.0.2.1',
        id: '00000000-0000-4000-8000-000000000000',
        ruleId: 'xss',
      } as never);
      for (const headers of [{}, bearer(member.accessToken), bearer(admin)]) {
        const response = await t().app.inject({ method: endpoint.method, url, headers });
        expect(response.statusCode, `${endpoint.method} ${url}`).toBe(401);
      }
    }
  });

  it('shows real attacks on the dashboard: totals, severities, blocks, map, events and score', async () => {
    await t().app.inject({
      method: 'GET',
      url: '/.env',
      headers: { 'user-agent': BROWSER },
      remoteAddress: ATTACKER,
    });
    await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER },
      remoteAddress: ATTACKER,
    });
    const response = await call('GET', '/api/security/dashboard');
    expect(response.statusCode).toBe(200);
    const { data } = SecurityDashboardResponseSchema.parse(json(response));
    expect(data.totalEvents).toBeGreaterThanOrEqual(3);
    expect(data.severityCounts.CRITICAL).toBeGreaterThanOrEqual(1);
    expect(data.blockedIPs).toContain(ATTACKER);
    expect(data.recentEvents.length).toBeLessThanOrEqual(10);
    expect(data.recentEvents.map((event) => event.eventType)).toEqual(
      expect.arrayContaining(['SENSITIVE_FILE_ACCESS', 'SCANNER_DETECTED', 'IP_BLOCKED']),
    );
    expect(data.threatAnalysis.attackMap.countriesArray).toContainEqual(
      expect.objectContaining({ name: 'US', severity: 'CRITICAL' }),
    );
    expect(data.threatAnalysis.attackMap.recentAttacks.length).toBeLessThanOrEqual(5);
    expect(data.geoDistribution[0]).toMatchObject({ country: 'US' });
    expect(data.threatAnalysis.fileAccessAttempts).toBeGreaterThanOrEqual(1);
    expect(data.protectionStatus.threatIntelligence.effectiveness).toBe(
      Math.max(90 - 5 * data.protectionStatus.threatIntelligence.riskScore, 75),
    );
    expect(data.systemHealth).toMatchObject({ databaseConnected: true, monitoringEnabled: true });
    expect(data.scoreChecks.length).toBeGreaterThan(0);
    expect(data.securityScore).toBe(
      Math.round((data.scoreChecks.filter((check) => check.passed).length / data.scoreChecks.length) * 100) /
        10,
    );
    expect(data.recommendations.map((one) => one.action)).toContain('Keep secrets out of the web root');
  });

  it('counts bots one way on the Bot Attacks card, Bot Protection and the threat analysis', async () => {
    // The one bot event so far: the scanner request above (its address was blocked at once).
    const { data } = SecurityDashboardResponseSchema.parse(
      json(await call('GET', '/api/security/dashboard')),
    );
    expect(data.incidents.botAttacks).toEqual([
      expect.objectContaining({ eventType: 'SCANNER_DETECTED', ipAddress: ATTACKER }),
    ]);
    expect(data.protectionStatus.botProtection.blocked).toBe(1);
    expect(data.threatAnalysis.maliciousBots).toBe(1);
  });

  it('keeps the latest incidents of each kind on their cards when newer events push them out of the latest 10', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      await t().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `nobody-${attempt}@example.test`, password: 'wrong-password' },
        remoteAddress: '203.0.113.77',
      });
    }
    const { data } = SecurityDashboardResponseSchema.parse(
      json(await call('GET', '/api/security/dashboard')),
    );
    expect(data.recentEvents.map((event) => event.eventType)).not.toContain('SCANNER_DETECTED');
    expect(data.incidents.scannerActivity.map((event) => event.ipAddress)).toContain(ATTACKER);
    expect(data.incidents.fileAccess[0]).toMatchObject({
      eventType: 'SENSITIVE_FILE_ACCESS',
      endpoint: 'GET /.env',
    });
    for (const incidents of Object.values(data.incidents)) expect(incidents.length).toBeLessThanOrEqual(3);
  });

  it('measures the time to refuse a blocked request', async () => {
    for (let n = 0; n < 5; n += 1)
      await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: ATTACKER });
    const { data } = SecurityDashboardResponseSchema.parse(
      json(await call('GET', '/api/security/dashboard')),
    );
    expect(data.responseMetrics.averageBlockTimeMs).toBeGreaterThan(0);
    expect(data.responseMetrics.averageBlockTime).toMatch(/^(< 1ms|\d+\.\d+ms)$/);
  });

  it('explains a block by the events and points that caused it', async () => {
    const response = await call('GET', `/api/security/blocks/${ATTACKER}`);
    expect(response.statusCode).toBe(200);
    const details = json<{ causes: { eventType: string; points: number }[]; points: number; source: string }>(
      response,
    );
    expect(details.source).toBe('automatic');
    expect(details.causes.map((cause) => cause.eventType)).toContain('SCANNER_DETECTED');
    expect(details.points).toBe(details.causes.reduce((sum, cause) => sum + cause.points, 0));
  });

  it('unblocks everywhere with the spec’s message, audited, and says when an address is not blocked', async () => {
    const response = await call('POST', '/api/security/unblock-ip', { ipAddress: ATTACKER, reason: 'test' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: `IP ${ATTACKER} unblocked successfully`, ipAddress: ATTACKER });
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: ATTACKER })).statusCode,
    ).toBe(200);
    const again = await call('POST', '/api/security/unblock-ip', { ipAddress: ATTACKER });
    expect(again.statusCode).toBe(404);
    expect(json(again)).toMatchObject({ code: 'IP_NOT_BLOCKED' });
    const invalid = await call('POST', '/api/security/unblock-ip', { ipAddress: 'not-an-ip' });
    expect(invalid.statusCode).toBe(400);
    const audit = json<{ action: string; target: string; actor: string }[]>(
      await call('GET', '/api/security/audit-log'),
    );
    expect(audit[0]).toMatchObject({ action: 'UNBLOCK_IP', target: ATTACKER, actor: SECURITY.email });
  });

  it('blocks by hand for a chosen time, but never the operator’s own or an allowlisted address', async () => {
    const block = await call('POST', '/api/security/blocks', {
      ipAddress: '198.51.100.40',
      durationMinutes: 1440,
      reason: 'Credential stuffing',
    });
    expect(block.statusCode).toBe(201);
    const body = json<{ expiresAt: string; createdAt: string; source: string }>(block);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(24 * 60 * 60 * 1000);
    expect(body.source).toBe('manual');
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.40' }))
        .statusCode,
    ).toBe(403);
    const own = await call('POST', '/api/security/blocks', {
      ipAddress: '127.0.0.1',
      durationMinutes: 60,
      reason: 'oops',
    });
    expect(json(own)).toMatchObject({ code: 'OWN_ADDRESS' });
    const odd = await call('POST', '/api/security/blocks', {
      ipAddress: '198.51.100.41',
      durationMinutes: 61,
      reason: 'x',
    });
    expect(odd.statusCode).toBe(400);
  });

  it('keeps an allowlist whose new entries lift the blocks they cover', async () => {
    const added = await call('POST', '/api/security/allowlist', {
      range: '198.51.100.0/24',
      comment: 'Office NAT',
    });
    expect(added.statusCode).toBe(201);
    const entry = json<{ id: string }>(added);
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.40' }))
        .statusCode,
    ).toBe(200);
    const list = json<{ range: string; builtIn: boolean }[]>(await call('GET', '/api/security/allowlist'));
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ range: '127.0.0.0/8', builtIn: true }),
        expect.objectContaining({ range: '198.51.100.0/24', builtIn: false }),
      ]),
    );
    const blocked = await call('POST', '/api/security/blocks', {
      ipAddress: '198.51.100.42',
      durationMinutes: 60,
      reason: 'x',
    });
    expect(json(blocked)).toMatchObject({ code: 'ADDRESS_ALLOWLISTED' });
    expect((await call('DELETE', `/api/security/allowlist/${entry.id}`)).statusCode).toBe(200);
    expect(json(await call('DELETE', `/api/security/allowlist/${entry.id}`))).toMatchObject({
      code: 'ALLOWLIST_ENTRY_NOT_FOUND',
    });
  });

  it('switches rule modes with a preview of what block mode would have blocked', async () => {
    for (let n = 0; n < 3; n += 1) {
      await t().app.inject({
        method: 'GET',
        url: `/api/nfc/x?q=1%27%20OR%201=1--%20${n}`,
        remoteAddress: '203.0.113.77',
      });
    }
    const rules = json<{ id: string; mode: string; wouldHaveBlocked24h: number }[]>(
      await call('GET', '/api/security/rules'),
    );
    const sql = rules.find((rule) => rule.id === 'sql-injection');
    expect(sql).toMatchObject({ mode: 'detect' });
    expect(sql?.wouldHaveBlocked24h).toBeGreaterThanOrEqual(1);
    const switched = await call('PUT', '/api/security/rules/sql-injection', { mode: 'block' });
    expect(json(switched)).toMatchObject({ id: 'sql-injection', mode: 'block' });
    expect(json(await call('PUT', '/api/security/rules/legitimate-bot', { mode: 'block' }))).toMatchObject({
      code: 'RULE_MODE_NOT_ALLOWED',
    });
    expect(json(await call('PUT', '/api/security/rules/nope', { mode: 'off' }))).toMatchObject({
      code: 'RULE_NOT_FOUND',
    });
    await call('PUT', '/api/security/rules/sql-injection', { mode: 'detect' });
  });

  it('exports a time range of events as CSV', async () => {
    const from = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const to = new Date(Date.now() + 60 * 1000).toISOString();
    const response = await call(
      'GET',
      `/api/security/events/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe(
      'timestamp,eventType,severity,ipAddress,country,endpoint,email,userAgent,ruleId,matched,points,status,outcome',
    );
    expect(rows.some((row) => row.includes('SENSITIVE_FILE_ACCESS'))).toBe(true);
    const backwards = await call(
      'GET',
      `/api/security/events/export?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('mails the security operator on a critical event, once per throttle window', async () => {
    await t().mailer().deliverDue();
    const before = t()
      .sink.messages(SECURITY.email)
      .filter((mail) => /critical/.test(mail.subject ?? '')).length;
    await t().app.inject({ method: 'GET', url: '/.git/config', remoteAddress: '203.0.113.90' });
    await t().app.inject({ method: 'GET', url: '/.env', remoteAddress: '203.0.113.91' });
    await t().app.security.settle();
    const mail = await t().sink.waitForMail(SECURITY.email, { subject: /critical/ });
    expect(mail.text).toContain('SENSITIVE_FILE_ACCESS');
    await t().mailer().deliverDue();
    const critical = t()
      .sink.messages(SECURITY.email)
      .filter((one) => /critical/.test(one.subject ?? ''));
    expect(critical.length).toBe(before === 0 ? 1 : before);
  });
});
