// Each security event carries what became of its request (issue 30 point 2): blocked by the security
// layer, refused by the app, served or failed, with the answer's status; the event log and its CSV
// filter by it.
import { beforeAll, expect, it } from 'vitest';
import { EventLogSchema } from '../../contract/security';
import { bearer, describeOnEachDatabase, json, SECURITY } from './helpers';

const PROBER = '198.51.100.20';
const GUESSER = '198.51.100.21';

describeOnEachDatabase('security event outcomes', (t) => {
  let token = '';
  const get = (url: string) => t().app.inject({ method: 'GET', url, headers: bearer(token) });
  const log = async (query: string) => {
    const response = await get(`/api/security/events?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return EventLogSchema.parse(json(response)).events;
  };

  beforeAll(async () => {
    // A probe of a secret path, answered by the security layer itself with a 404.
    await t().app.inject({ method: 'GET', url: '/.env', remoteAddress: PROBER });
    // A wrong password, refused by the app.
    const wrong = await t().app.inject({
      method: 'POST',
      url: '/api/security/login',
      remoteAddress: GUESSER,
      payload: { ...SECURITY, password: 'Not-the-passw0rd' },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    token = json<{ token: string }>(login).token;
  });

  it('records the answer of each request with its events', async () => {
    const events = await log('pageSize=100');
    const probe = events.find((event) => event.eventType === 'SENSITIVE_FILE_ACCESS');
    expect(probe).toMatchObject({ ipAddress: PROBER, status: 404, outcome: 'blocked' });
    const failure = events.find((event) => event.eventType === 'LOGIN_FAILURE');
    expect(failure).toMatchObject({ ipAddress: GUESSER, status: 401, outcome: 'refused' });
    const signIn = events.find((event) => event.eventType === 'ADMIN_LOGIN');
    expect(signIn).toMatchObject({ status: 200, outcome: 'served' });
  });

  it('filters the log by outcome', async () => {
    const blocked = await log('outcome=blocked');
    expect(blocked.length).toBeGreaterThan(0);
    expect(new Set(blocked.map((event) => event.outcome))).toEqual(new Set(['blocked']));
    expect(blocked.map((event) => event.ipAddress)).toContain(PROBER);
    const refused = await log('outcome=refused');
    expect(refused.map((event) => event.eventType).sort()).toEqual(['LOGIN_ATTEMPT', 'LOGIN_FAILURE']);
    const served = await log('outcome=served&type=ADMIN_LOGIN');
    expect(served).toHaveLength(1);
    expect(await log('outcome=failed')).toEqual([]);
  });

  it('refuses an outcome it does not know, with a sentence', async () => {
    const response = await get('/api/security/events?outcome=ignored');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Outcome must be blocked, refused, served or failed');
  });

  it('exports as filtered by outcome, with the status and outcome of each event', async () => {
    const response = await get('/api/security/events/export?outcome=refused');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toMatch(/,status,outcome$/);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/,401,refused$/);
    const audit = json<{ action: string; detail: string }[]>(await get('/api/security/audit-log?limit=5'));
    expect(audit.find((entry) => entry.action === 'EVENTS_EXPORT')?.detail).toMatch(/\(refused\): 2 events$/);
  });
});
