// The security console drills down (issue 30 point 2): a filterable, paged, exportable event log; an
// address's page; counts and the attack map that count what they say; the proxy warning naming
// TRUST_PROXY.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AddressReportSchema,
  EventLogSchema,
  SecurityDashboardResponseSchema,
} from '../../contract/security';
import type { SecurityEventsTable } from '../../server/platform/db/schema';
import {
  bearer,
  databaseKinds,
  describeOnEachDatabase,
  json,
  SECURITY,
  type TestContext,
  useTestApp,
} from './helpers';

const SCANNER = 'Mozilla/5.00 (Nikto/2.1.6) (Evasions:None)';
const PROBER = '203.0.113.7';
const NEIGHBOUR = '203.0.113.8';
const IPV6_CLIENT = '2001:db8:1:2::5';
const IPV6_NETWORK = '2001:db8:1:2::/64';
const HOUR_MS = 3_600_000;

async function securityToken(t: TestContext): Promise<string> {
  const login = await t.app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
  return json<{ token: string }>(login).token;
}

type StoredEvent = Partial<Omit<SecurityEventsTable, 'id' | 'created_at'>> & { minutesAgo: number };

/** Events as the monitor stores them, at chosen times (the log reads what is stored). */
async function storeEvents(t: TestContext, events: StoredEvent[]) {
  await t.db
    .insertInto('security_events')
    .values(
      events.map(({ minutesAgo, ...event }) => ({
        event_type: 'SENSITIVE_FILE_ACCESS',
        severity: 'CRITICAL',
        ip_address: PROBER,
        endpoint: 'GET /.env',
        rule_id: 'sensitive-file',
        points: 5,
        ...event,
        created_at: new Date(Date.now() - minutesAgo * 60_000),
      })),
    )
    .execute();
}

describeOnEachDatabase('security console drill-down', (t) => {
  let token = '';
  const get = (url: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });
  const log = async (query: string) => {
    const response = await get(`/api/security/events?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return EventLogSchema.parse(json(response));
  };

  beforeAll(async () => {
    token = await securityToken(t());
    await storeEvents(t(), [
      ...Array.from({ length: 30 }, (_, index) => ({ minutesAgo: 10 + index })),
      {
        minutesAgo: 5,
        event_type: 'SQL_INJECTION_ATTEMPT',
        severity: 'HIGH',
        ip_address: NEIGHBOUR,
        endpoint: 'GET /api/contacts',
        rule_id: 'sql-injection',
        points: 0,
      },
      {
        minutesAgo: 6,
        event_type: 'MALICIOUS_URL_PATTERN',
        severity: 'MEDIUM',
        ip_address: IPV6_NETWORK,
        endpoint: 'GET /wp-login.php',
        rule_id: 'malicious-url',
        points: 3,
      },
      // Older than a day: out of the default range.
      { minutesAgo: 25 * 60, endpoint: 'GET /.git/config' },
    ]);
  });

  it('pages through the last 24 hours newest first, with the total on every page', async () => {
    const first = await log(`severity=CRITICAL&pageSize=25`);
    expect(first.total).toBeGreaterThanOrEqual(30);
    expect(first.events).toHaveLength(25);
    const times = first.events.map((event) => Date.parse(event.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await log(`severity=CRITICAL&pageSize=25&page=2`);
    expect(second.total).toBe(first.total);
    expect(second.events.length).toBe(first.total - 25);
    const ids = new Set([...first.events, ...second.events].map((event) => event.id));
    expect(ids.size).toBe(first.total);
    expect([...first.events, ...second.events].map((event) => event.endpoint)).not.toContain(
      'GET /.git/config',
    );
  });

  it('filters by type, severity, address, IPv6 network, path and time range', async () => {
    const sql = await log('type=SQL_INJECTION_ATTEMPT');
    expect(sql.events.map((event) => event.ipAddress)).toEqual([NEIGHBOUR]);
    expect((await log('severity=MEDIUM')).events.map((event) => event.eventType)).toContain(
      'MALICIOUS_URL_PATTERN',
    );
    expect((await log(`address=${NEIGHBOUR}`)).total).toBe(1);
    // Any address of the network finds the network's events, as blocks name it.
    const v6 = await log(`address=${encodeURIComponent(IPV6_CLIENT)}`);
    expect(v6.events.map((event) => event.ipAddress)).toEqual([IPV6_NETWORK]);
    // A piece of the path; % and _ are letters.
    expect((await log('path=wp-login')).events.map((event) => event.endpoint)).toEqual(['GET /wp-login.php']);
    expect((await log('path=%25')).total).toBe(0);
    const from = new Date(Date.now() - 26 * HOUR_MS).toISOString();
    const to = new Date(Date.now() - 24 * HOUR_MS).toISOString();
    const old = await log(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(old.events.map((event) => event.endpoint)).toEqual(['GET /.git/config']);
    expect(old.from).toBe(from);
  });

  it('refuses filters it cannot read, with a sentence', async () => {
    for (const [query, message] of [
      ['severity=SEVERE', 'Severity must be CRITICAL, HIGH, MEDIUM or LOW'],
      ['type=NOT_A_TYPE', 'Type must be one of the event types'],
      ['address=not-an-address', 'Please enter a valid IP address'],
      ['pageSize=7', 'Page size must be 25, 50 or 100'],
      [
        `from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() - HOUR_MS).toISOString())}`,
        'The start of the range must be before its end',
      ],
    ] as const) {
      const response = await get(`/api/security/events?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json<{ code: string; errors: string[] }>(response).code).toBe('VALIDATION_FAILED');
      expect(response.body).toContain(message);
    }
  });

  it('exports exactly the filtered events as CSV, and the audit log says what was exported', async () => {
    const response = await get(`/api/security/events/export?type=SQL_INJECTION_ATTEMPT`);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = response.body.trim().split('\r\n');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(NEIGHBOUR);
    const audit = json<{ action: string; detail: string }[]>(await get('/api/security/audit-log?limit=5'));
    expect(audit.find((entry) => entry.action === 'EVENTS_EXPORT')?.detail).toMatch(
      /\(SQL_INJECTION_ATTEMPT\): 1 events$/,
    );
  });

  it('gives an address a page: events, rules hit, country, blocks, and the actions the tool allows', async () => {
    // A real attack from a public address: a probe, then a scanner, which is blocked at once.
    const attacker = '8.8.4.4';
    await t().app.inject({ method: 'GET', url: '/.env', remoteAddress: attacker });
    await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER },
      remoteAddress: attacker,
    });
    const response = await get(`/api/security/addresses/${attacker}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = AddressReportSchema.parse(json(response));
    expect(page).toMatchObject({
      ipAddress: attacker,
      country: 'US',
      blockRefusal: null,
      allowlistedBy: null,
    });
    expect(page.events24h).toBeGreaterThanOrEqual(2);
    expect(page.rulesHit.map((rule) => rule.ruleId)).toEqual(expect.arrayContaining(['sensitive-file']));
    expect(page.activeBlock?.source).toBe('automatic');
    expect(page.blockHistory).toHaveLength(1);
    expect(page.latestEvents[0]?.ipAddress).toBe(attacker);

    // The operator's own address (loopback here) can never be blocked: the page says why, in the tool's words.
    const own = AddressReportSchema.parse(json(await get('/api/security/addresses/127.0.0.1')));
    expect(own.blockRefusal).toBe('You cannot block the address you are connected from');
    expect(own.allowlistedBy).toContain('Loopback');

    // Allowlisted by an operator: the page names the entry and offers no block.
    await t().app.inject({
      method: 'POST',
      url: '/api/security/allowlist',
      headers: bearer(token),
      payload: { range: '198.51.100.0/24', comment: 'Office' },
    });
    const office = AddressReportSchema.parse(json(await get('/api/security/addresses/198.51.100.20')));
    expect(office.allowlistedBy).toBe('198.51.100.0/24: Office');
    expect(office.blockRefusal).toBe('This address is on the allowlist; remove it there first');
  });

  it('counts a manual block as no attack on the map or in the recent attacks', async () => {
    const blocked = '192.0.2.99';
    const answer = await t().app.inject({
      method: 'POST',
      url: '/api/security/blocks',
      headers: bearer(token),
      payload: { ipAddress: blocked, durationMinutes: 60, reason: 'Test' },
    });
    expect(answer.statusCode).toBe(201);
    const { data } = SecurityDashboardResponseSchema.parse(json(await get('/api/security/dashboard')));
    expect(data.blockedIPs).toContain(blocked);
    expect(data.threatAnalysis.attackMap.recentAttacks.map((attack) => attack.eventType)).not.toContain(
      'IP_BLOCKED',
    );
  });
});

describe.each(databaseKinds)('the proxy warning ($name)', (kind) => {
  /** Every request of these tests comes from 127.0.0.1, as behind a reverse proxy on the same host. */
  async function dashboardAfterProbes(t: TestContext) {
    const token = await securityToken(t);
    for (let probe = 0; probe < 12; probe += 1) {
      await t.app.inject({ method: 'GET', url: `/.env.${probe}` });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/security/dashboard',
      headers: bearer(token),
    });
    return SecurityDashboardResponseSchema.parse(json(response)).data;
  }

  describe('without TRUST_PROXY', () => {
    const t = useTestApp({}, kind);
    it('warns, naming the setting, and the address check fails', async () => {
      const data = await dashboardAfterProbes(t());
      expect(data.proxyWarning).toMatch(/came from 127\.0\.0\.1.*TRUST_PROXY/);
      const check = data.scoreChecks.find((one) => one.check === 'Client address trustworthy');
      expect(check).toMatchObject({ passed: false, detail: data.proxyWarning });
      expect(data.recommendations.map((one) => one.description)).toContain(data.proxyWarning);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    const t = useTestApp({ TRUST_PROXY: '127.0.0.1' }, kind);
    it('does not warn', async () => {
      const data = await dashboardAfterProbes(t());
      expect(data.proxyWarning).toBeNull();
    });
  });
});
