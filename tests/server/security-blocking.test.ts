// Scoring and blocking: the bucket, expiry and escalation with a fake clock (a monitor of its own on the
// real database), then through the app: allowlist beats block, TRUST_PROXY's one client address,
// IPv4-mapped IPv6, a blocked request refused before its body is read, and no ban feedback loop.
import { beforeAll, describe, expect, it } from 'vitest';
import { blockLengthMs, FIRST_BLOCK_MS, MAX_BLOCK_MS } from '../../server/platform/security/block-length';
import { SecurityMonitor, type SecuritySettings } from '../../server/platform/security/monitor';
import { json, SECURITY, useTestApp } from './helpers';

const SETTINGS: SecuritySettings = {
  enabled: true,
  eventRetentionDays: 30,
  dailyCountRetentionDays: 400,
  eventSamplePerMinute: 10,
  syncIntervalMs: 0,
  alertEmail: undefined,
  alertThrottleMinutes: 15,
};
const SCANNER = 'sqlmap/1.7.2#stable (https://sqlmap.org)';
const HIGH = { eventType: 'SENSITIVE_FILE_ACCESS', severity: 'HIGH', matched: '/wp-config.php' } as const;
const MINUTE = 60_000;

describe('block length', () => {
  it('starts at 1 h, grows ×4 per repeat, is capped at 7 days, with ±10 % jitter', () => {
    expect(blockLengthMs(1, () => 0.5)).toBe(FIRST_BLOCK_MS);
    expect(blockLengthMs(2, () => 0.5)).toBe(4 * FIRST_BLOCK_MS);
    expect(blockLengthMs(3, () => 0.5)).toBe(16 * FIRST_BLOCK_MS);
    expect(blockLengthMs(9, () => 0.5)).toBe(MAX_BLOCK_MS);
    expect(blockLengthMs(1, () => 0)).toBe(Math.round(0.9 * FIRST_BLOCK_MS));
    expect(blockLengthMs(1, () => 1)).toBe(Math.round(1.1 * FIRST_BLOCK_MS));
    expect(blockLengthMs(9, () => 1)).toBe(MAX_BLOCK_MS);
  });
});

describe('scoring with a fake clock', () => {
  const t = useTestApp();
  let clock = Date.parse('2026-01-05T10:00:00Z');
  let monitor: SecurityMonitor;
  const from = (ipAddress: string) => ({ ipAddress, endpoint: 'GET /wp-config.php', userAgent: 'x' });

  beforeAll(async () => {
    monitor = new SecurityMonitor({
      db: t().db,
      settings: SETTINGS,
      builtInAllowlist: ['127.0.0.0/8', '::1/128', '10.0.0.5'],
      log: { warn: () => {} },
      now: () => clock,
      random: () => 0.5,
    });
    await monitor.refresh();
  });

  it('fills the bucket to a block at 10 points, and drains it over time', async () => {
    monitor.record(HIGH, from('198.51.100.1'));
    monitor.record(HIGH, from('198.51.100.1'));
    expect(monitor.isBlocked('198.51.100.1')).toBe(false);
    clock += 5 * MINUTE; // 10 points drain in 5 minutes
    monitor.record(HIGH, from('198.51.100.1'));
    monitor.record(HIGH, from('198.51.100.1'));
    expect(monitor.isBlocked('198.51.100.1')).toBe(false);
    monitor.record(HIGH, from('198.51.100.1'));
    expect(monitor.isBlocked('198.51.100.1')).toBe(true);
    await monitor.settle();
  });

  it('ends the block at its expiry, and blocks a repeat offender 4 times longer', async () => {
    const address = '198.51.100.2';
    for (let n = 0; n < 3; n += 1) monitor.record(HIGH, from(address));
    await monitor.settle();
    expect(monitor.isBlocked(address)).toBe(true);
    clock += FIRST_BLOCK_MS - 1;
    expect(monitor.isBlocked(address)).toBe(true);
    clock += 2;
    expect(monitor.isBlocked(address)).toBe(false);

    for (let n = 0; n < 3; n += 1) monitor.record(HIGH, from(address));
    await monitor.settle();
    const rows = await t()
      .db.selectFrom('security_blocks')
      .select(['offence', 'created_at', 'expires_at', 'points', 'causes'])
      .where('ip_address', '=', address)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.offence)).toEqual([1, 2]);
    const second = rows[1];
    expect(second && second.expires_at.getTime() - second.created_at.getTime()).toBe(4 * FIRST_BLOCK_MS);
    expect(second?.points).toBe(12);
    expect(second?.causes).toHaveLength(3);
    clock += 4 * FIRST_BLOCK_MS - 1;
    expect(monitor.isBlocked(address)).toBe(true);
  });

  it('keeps a block, and a lift, made while the shared state is re-read from the database', async () => {
    const address = '198.51.100.9';
    // The re-read starts first, so it reads the database before the block is stored there.
    const reading = monitor.refresh();
    for (let n = 0; n < 3; n += 1) monitor.record(HIGH, from(address));
    await reading;
    expect(monitor.isBlocked(address)).toBe(true);
    await monitor.settle();
    await monitor.refresh();
    expect(monitor.isBlocked(address)).toBe(true);

    // Likewise a lift: the re-read began while the block was still stored.
    const rereading = monitor.refresh();
    await monitor.unblock(address, 'security@tapnet.test');
    await rereading;
    expect(monitor.isBlocked(address)).toBe(false);
    await monitor.refresh();
    expect(monitor.isBlocked(address)).toBe(false);
  });

  it('never blocks loopback, a configured proxy, an allowlisted range or the operator’s address', async () => {
    await t()
      .db.insertInto('security_allowlist')
      .values({ range: '192.0.2.0/24', comment: 'office', expires_at: null, created_by: 'test' })
      .execute();
    await monitor.refresh();
    monitor.rememberOperatorAddress('198.51.100.99');
    for (const address of ['127.0.0.1', '::1', '10.0.0.5', '192.0.2.44', '198.51.100.99']) {
      for (let n = 0; n < 5; n += 1) monitor.record(HIGH, from(address));
      expect(monitor.isBlocked(address), address).toBe(false);
    }
    await monitor.settle();
  });

  it('lets an allowlist entry lapse at its expiry', async () => {
    await t()
      .db.insertInto('security_allowlist')
      .values({
        range: '203.0.113.0/28',
        comment: 'for a day',
        expires_at: new Date(clock + MINUTE),
        created_by: 'test',
      })
      .execute();
    await monitor.refresh();
    for (let n = 0; n < 3; n += 1) monitor.record(HIGH, from('203.0.113.3'));
    expect(monitor.isBlocked('203.0.113.3')).toBe(false);
    clock += 2 * MINUTE;
    for (let n = 0; n < 3; n += 1) monitor.record(HIGH, from('203.0.113.3'));
    expect(monitor.isBlocked('203.0.113.3')).toBe(true);
    await monitor.settle();
  });

  it('keeps detect-mode rules out of the bucket', async () => {
    const sql = { eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH', matched: "' or 1=1" } as const;
    for (let n = 0; n < 5; n += 1) monitor.record(sql, from('198.51.100.3'));
    expect(monitor.isBlocked('198.51.100.3')).toBe(false);
    await monitor.settle();
  });
});

describe('blocking in the app', () => {
  const t = useTestApp();

  it('refuses a blocked address first, before reading its body, and records nothing more from it', async () => {
    const address = '198.51.100.20';
    const scan = await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER },
      remoteAddress: address,
    });
    expect(scan.statusCode).toBe(403);
    expect(json(scan)).toMatchObject({ code: 'ADDRESS_BLOCKED' });
    await t().app.security.settle();
    const count = async () =>
      (await t().db.selectFrom('security_events').select('id').where('ip_address', '=', address).execute())
        .length;
    const before = await count();
    const unreadable = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: address,
    });
    expect(unreadable.statusCode).toBe(403);
    for (let n = 0; n < 30; n += 1) {
      await t().app.inject({ method: 'GET', url: `/.env.${n}`, remoteAddress: address });
    }
    await t().app.security.settle();
    expect(await count()).toBe(before);
  });

  it('blocks the IPv4 of an IPv4-mapped IPv6 peer, and both spellings mean the same host', async () => {
    const scan = await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER },
      remoteAddress: '::ffff:198.51.100.21',
    });
    expect(scan.statusCode).toBe(403);
    expect(t().app.security.isBlocked('198.51.100.21')).toBe(true);
    const again = await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.21' });
    expect(again.statusCode).toBe(403);
  });

  it('lets the security operator in from a blocked address with a token, to unblock it', async () => {
    const address = '198.51.100.22';
    await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER },
      remoteAddress: address,
    });
    const login = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    const token = json<{ token: string }>(login).token;
    const unblock = await t().app.inject({
      method: 'POST',
      url: '/api/security/unblock-ip',
      headers: { authorization: `Bearer ${token}` },
      payload: { ipAddress: address },
      remoteAddress: address,
    });
    expect(unblock.statusCode).toBe(200);
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode,
    ).toBe(200);
  });
});

describe('addresses that front many clients', () => {
  const t = useTestApp();

  it('never escalate on loopback: one address there is every client of a proxy or test run', async () => {
    for (let n = 0; n < 25; n += 1) await t().app.inject({ method: 'GET', url: `/api/missing-${n}` });
    for (let n = 0; n < 6; n += 1) {
      await t().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: 'x' },
      });
    }
    await t().app.security.settle();
    const above = await t()
      .db.selectFrom('security_events')
      .select(['event_type', 'severity'])
      .where('ip_address', '=', '127.0.0.1')
      .where('severity', '!=', 'LOW')
      .execute();
    expect(above).toEqual([]);
    expect((await t().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('blocking behind a proxy', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.5' });

  it('blocks the client the proxy vouches for, never the proxy', async () => {
    const scan = await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER, 'x-forwarded-for': '203.0.113.50' },
      remoteAddress: '10.0.0.5',
    });
    expect(scan.statusCode).toBe(403);
    expect(t().app.security.isBlocked('203.0.113.50')).toBe(true);
    expect(t().app.security.isBlocked('10.0.0.5')).toBe(false);
    const neighbour = await t().app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-for': '203.0.113.51' },
      remoteAddress: '10.0.0.5',
    });
    expect(neighbour.statusCode).toBe(200);
  });
});

describe('blocking without a trusted proxy', () => {
  const t = useTestApp();

  it('ignores X-Forwarded-For: a client cannot choose whose address is blocked', async () => {
    const scan = await t().app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': SCANNER, 'x-forwarded-for': '203.0.113.60' },
      remoteAddress: '198.51.100.30',
    });
    expect(scan.statusCode).toBe(403);
    expect(t().app.security.isBlocked('198.51.100.30')).toBe(true);
    expect(t().app.security.isBlocked('203.0.113.60')).toBe(false);
  });
});
