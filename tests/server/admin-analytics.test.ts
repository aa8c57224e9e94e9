// GET /api/admin/analytics and its CSV on seeded data with known answers: zero members, percentages to
// one decimal, 30 zero-filled days, "today" at a time zone's midnight, the online-now window, null
// devices as Unknown, up to 20 countries, the card funnel, the offline share; and who may call it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { AdminAnalyticsData } from '../../contract/admin-analytics';
import type { Database } from '../../server/platform/db/schema';
import {
  adminToken,
  bearer,
  createMember,
  describeOnEachDatabase,
  json,
  SECURITY,
  type TestContext,
  uniqueEmail,
} from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function analytics(t: TestContext): Promise<AdminAnalyticsData> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/analytics',
    headers: bearer(await adminToken(t)),
  });
  expect(response.statusCode).toBe(200);
  return json<{ data: AdminAnalyticsData }>(response).data;
}

async function insertMember(
  db: Kysely<Database>,
  member: { createdAt: Date; verified?: boolean; email?: string },
) {
  const row = await db
    .insertInto('users')
    .values({
      name: 'Seeded Member',
      email: member.email ?? uniqueEmail('seeded'),
      password_hash: 'not-a-real-hash',
      is_verified: member.verified ?? true,
      created_at: member.createdAt,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return row;
}

interface SeededSession {
  userId: string;
  startedAt: Date;
  lastSeenAt: Date;
  device?: 'mobile' | 'tablet' | 'desktop' | 'Unknown';
  country?: string | null;
  ended?: boolean;
}

async function insertSession(db: Kysely<Database>, session: SeededSession) {
  const id = randomUUID();
  if (!session.ended) {
    // An open session has a live refresh token, as a real sign-in does, and it exists before the session
    // row: the start-up housekeeping runs beside the seeding and ends open sessions without one.
    await db
      .insertInto('refresh_tokens')
      .values({
        id_hash: randomUUID(),
        family_id: id,
        user_id: session.userId,
        expires_at: new Date(Date.now() + 7 * DAY),
      })
      .execute();
  }
  await db
    .insertInto('member_sessions')
    .values({
      id,
      user_id: session.userId,
      started_at: session.startedAt,
      last_seen_at: session.lastSeenAt,
      ended_at: session.ended ? session.lastSeenAt : null,
      end_reason: session.ended ? 'logout' : null,
      device: session.device ?? 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      country: session.country ?? null,
    })
    .execute();
  await db
    .insertInto('session_visits')
    .values({
      session_id: id,
      user_id: session.userId,
      started_at: session.startedAt,
      last_seen_at: session.lastSeenAt,
    })
    .execute();
  return id;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

describeOnEachDatabase('admin analytics with no members', (t) => {
  it('answers zeros, 0.0 rates, 30 zero-filled days ending today and empty lists', async () => {
    const data = await analytics(t());
    expect(data.users).toEqual({ total: 0, newToday: 0, activeToday: 0, verificationRate: 0, verified: 0 });
    expect(data.sessions).toEqual({ onlineNow: 0, avgDurationMinutes: 0, todayCount: 0, totalSessions: 0 });
    expect(data.growth.daily).toHaveLength(30);
    expect(data.growth.daily.every((day) => day.count === 0)).toBe(true);
    expect(data.growth.daily.at(-1)?._id).toBe(localDate(new Date(), 'UTC'));
    expect(data.growth.daily[0]?._id).toBe(localDate(new Date(Date.now() - 29 * DAY), 'UTC'));
    expect(data.devices.devices).toEqual([]);
    expect(data.geography.countries).toEqual([]);
    expect(data.recentActivity).toEqual({ recentLogins: [], recentRegistrations: [] });
    expect(data.cards).toEqual({ issued: 0, claimed: 0, tappedLast30Days: 0 });
    expect(data.offlineSaves).toEqual({ total: 0, offline: 0, percentage: 0, days: 30 });
    expect(data.timeZone).toBe('UTC');
    expect(data.retention.sessionDays).toBe(90);
    expect(data.retention.line).toMatch(/never the IP address.*90 days/);
    expect(data.definitions['sessions.onlineNow']).toBe('Online Now: members active in the last 5 minutes.');
  });

  it('admits only the admin token: none, member and security tokens are refused', async () => {
    const url = '/api/admin/analytics';
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const member = await createMember(t());
    expect(
      (await t().app.inject({ method: 'GET', url, headers: bearer(member.accessToken) })).statusCode,
    ).toBe(401);
    const security = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    const securityToken = json<{ token: string }>(security).token;
    const refused = await t().app.inject({ method: 'GET', url, headers: bearer(securityToken) });
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toMatchObject({ code: 'TOKEN_INVALID' });
    const csv = await t().app.inject({
      method: 'GET',
      url: `${url}/export/growth`,
      headers: bearer(member.accessToken),
    });
    expect(csv.statusCode).toBe(401);
  });
});

describeOnEachDatabase('admin analytics on seeded members and sessions', (t) => {
  // Taken when seeding starts, not when the file loads: on a busy machine the other database's
  // suite may run first for minutes, and "seen 4 minutes ago" must still be within Online Now's 5.
  let now = Date.now();
  let members: { id: string; email: string }[] = [];

  beforeAll(async () => {
    now = Date.now();
    const { db } = t();
    // Seven members, three verified: 42.857…% → 42.9. The last one joined 3 days ago.
    members = [];
    for (let index = 0; index < 7; index++) {
      members.push(
        await insertMember(db, { createdAt: new Date(now - (10 - index) * DAY), verified: index < 3 }),
      );
    }
    const [a, b, c, d, e] = members.map((member) => member.id) as [string, string, string, string, string];
    const minutesAgo = (minutes: number) => new Date(now - minutes * MINUTE);
    const sessions: SeededSession[] = [
      // Online: seen 4 minutes ago. Visit of 18 minutes.
      { userId: a, startedAt: minutesAgo(22), lastSeenAt: minutesAgo(4), device: 'mobile', country: 'GB' },
      // Not online: seen 6 minutes ago. Visit of 30 minutes.
      { userId: b, startedAt: minutesAgo(36), lastSeenAt: minutesAgo(6), device: 'desktop', country: 'GB' },
      // Seen a minute ago but logged out: not online. Visit of 0 minutes; no device or country known.
      { userId: c, startedAt: minutesAgo(1), lastSeenAt: minutesAgo(1), device: 'Unknown', ended: true },
      // Outside the 30-day window: counted in Total Sessions only.
      {
        userId: d,
        startedAt: minutesAgo(40 * 24 * 60),
        lastSeenAt: minutesAgo(40 * 24 * 60),
        device: 'tablet',
        country: 'FR',
      },
    ];
    for (const session of sessions) await insertSession(db, session);
    // One member signing in from 22 further countries, 2 days ago a minute apart (the last from PL),
    // each visit 6 minutes.
    const countries = 'AR AT AU BE BR CA CH CL CN CZ DE DK ES FI IE IN IT JP MX NL NO PL'.split(' ');
    for (const [index, country] of countries.entries()) {
      await insertSession(db, {
        userId: e,
        startedAt: new Date(now - 2 * DAY + index * MINUTE),
        lastSeenAt: new Date(now - 2 * DAY + (index + 6) * MINUTE),
        country,
      });
    }
  });

  it('counts members, the verification rate to one decimal, and today in UTC', async () => {
    const data = await analytics(t());
    expect(data.users.total).toBe(7);
    expect(data.users.verified).toBe(3);
    expect(data.users.verificationRate).toBe(42.9);
    expect(data.users.newToday).toBe(0);
    // Members a, b and c were active since midnight UTC, unless the test runs in the first minutes of a day.
    const midnight = new Date(`${localDate(new Date(), 'UTC')}T00:00:00Z`).getTime();
    const expectedActive = [4, 6, 1].filter((minutesAgo) => now - minutesAgo * MINUTE >= midnight).length;
    expect(data.users.activeToday).toBe(expectedActive);
  });

  it('Online Now counts members active in the last 5 minutes whose session is open', async () => {
    expect((await analytics(t())).sessions.onlineNow).toBe(1);
  });

  it('averages visit length over the last 30 days and counts every visit kept', async () => {
    const data = await analytics(t());
    // (18 + 30 + 0 + 22 × 6) / 25 = 7.2 minutes.
    expect(data.sessions.avgDurationMinutes).toBe(7.2);
    expect(data.sessions.totalSessions).toBe(26);
  });

  it('puts each day of the last 30 in the chart, zero-filled', async () => {
    const { daily } = (await analytics(t())).growth;
    expect(daily).toHaveLength(30);
    expect(daily.reduce((sum, day) => sum + day.count, 0)).toBe(7);
    for (let index = 0; index < 7; index++) {
      const day = localDate(new Date(now - (10 - index) * DAY), 'UTC');
      expect(daily.find((entry) => entry._id === day)?.count, day).toBeGreaterThan(0);
    }
    expect(daily.filter((day) => day.count === 0).length).toBeGreaterThanOrEqual(23);
  });

  it('counts sign-ins of the last 30 days by device, with undetected ones as Unknown', async () => {
    expect((await analytics(t())).devices.devices).toEqual([
      { _id: 'desktop', count: 23 },
      { _id: 'mobile', count: 1 },
      { _id: 'Unknown', count: 1 },
    ]);
  });

  it('counts members by the country of their latest sign-in, the largest first, without unknown ones', async () => {
    const { countries } = (await analytics(t())).geography;
    expect(countries).toEqual([
      { _id: 'GB', count: 2 },
      { _id: 'FR', count: 1 },
      { _id: 'PL', count: 1 },
    ]);
  });

  it('lists recent logins (newest first, with e-mail) and registrations (with verified state)', async () => {
    const { recentLogins, recentRegistrations } = (await analytics(t())).recentActivity;
    expect(recentLogins).toHaveLength(10);
    expect(recentLogins[0]).toMatchObject({
      user: { email: members[2]?.email },
      device: 'Unknown',
      country: null,
    });
    expect(recentLogins[1]).toMatchObject({
      user: { email: members[0]?.email },
      device: 'mobile',
      country: 'GB',
    });
    expect(recentRegistrations).toHaveLength(7);
    expect(recentRegistrations[0]).toMatchObject({ email: members[6]?.email, isVerified: false });
    expect(recentRegistrations[6]).toMatchObject({ email: members[0]?.email, isVerified: true });
    expect(recentRegistrations[0]?.createdAt).toBe(new Date(now - 4 * DAY).toISOString());
  });

  it('measures the card funnel: issued, claimed, and claimed cards tapped in the last 30 days', async () => {
    const token = await adminToken(t());
    const issued = await t().app.inject({
      method: 'POST',
      url: '/api/admin/cards',
      headers: bearer(token),
      payload: { count: 3 },
    });
    const [first, second, third] = json<{ cards: { nfcUID: string }[] }>(issued).cards.map(
      (card) => card.nfcUID,
    );
    if (!first || !second || !third) throw new Error('cards not issued');
    const { db } = t();
    await db
      .updateTable('cards')
      .set({ user_id: members[0]?.id ?? null, claimed_at: new Date() })
      .where('nfc_uid', '=', first)
      .execute();
    await db
      .updateTable('cards')
      .set({ user_id: members[1]?.id ?? null, claimed_at: new Date() })
      .where('nfc_uid', '=', second)
      .execute();
    const tap = (nfcUid: string, at: Date) =>
      db
        .insertInto('card_events')
        .values({ nfc_uid: nfcUid, type: 'tap', referrer: '', is_mobile: true, occurred_at: at })
        .execute();
    await tap(first, new Date(now - DAY));
    await tap(first, new Date(now - 2 * DAY));
    await tap(second, new Date(now - 40 * DAY));
    await tap(third, new Date(now - DAY));
    expect((await analytics(t())).cards).toEqual({ issued: 3, claimed: 2, tappedLast30Days: 1 });
  });

  it('gives the share of contact saves of the last 30 days made offline, to one decimal', async () => {
    const { db } = t();
    const owner = members[0]?.id ?? '';
    const save = (savedOffline: boolean, at: Date) =>
      db
        .insertInto('contacts')
        .values({ owner_id: owner, name: 'Saved', saved_offline: savedOffline, connected_at: at })
        .execute();
    await save(true, new Date(now - DAY));
    await save(false, new Date(now - DAY));
    await save(false, new Date(now - 2 * DAY));
    await save(true, new Date(now - 45 * DAY));
    expect((await analytics(t())).offlineSaves).toEqual({ total: 3, offline: 1, percentage: 33.3, days: 30 });
  });

  it('exports each table as CSV', async () => {
    const token = await adminToken(t());
    const get = (table: string) =>
      t().app.inject({ method: 'GET', url: `/api/admin/analytics/export/${table}`, headers: bearer(token) });
    const growth = await get('growth');
    expect(growth.statusCode).toBe(200);
    expect(growth.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(growth.headers['content-disposition']).toBe('attachment; filename="tapnet-growth.csv"');
    const lines = growth.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,newMembers');
    expect(lines).toHaveLength(31);
    expect((await get('countries')).body.split('\r\n').slice(0, 2)).toEqual([
      'country,members,percentage',
      'GB,2,28.6',
    ]);
    expect((await get('devices')).body.split('\r\n')[1]).toBe('desktop,23');
    expect((await get('registrations')).body.split('\r\n')[1]).toBe(
      `${members[6]?.email},no,${new Date(now - 4 * DAY).toISOString()}`,
    );
    expect((await get('logins')).body.split('\r\n')[0]).toBe('email,loginAt,device,country');
    const wrong = await get('passwords');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  // Last: it adds members, which the figures above do not expect.
  it('lists at most 20 countries, however many members sign in from elsewhere', async () => {
    const { db } = t();
    for (const country of 'AR AT AU BE BR CA CH CL CN CZ DE DK ES FI IE IN IT JP MX NL NO'.split(' ')) {
      const member = await insertMember(db, { createdAt: new Date(now - DAY) });
      await insertSession(db, {
        userId: member.id,
        startedAt: new Date(now - DAY),
        lastSeenAt: new Date(now - DAY),
        country,
      });
    }
    const { countries } = (await analytics(t())).geography;
    expect(countries).toHaveLength(20);
    expect(countries.slice(0, 3)).toEqual([
      { _id: 'GB', count: 2 },
      { _id: 'AR', count: 1 },
      { _id: 'AT', count: 1 },
    ]);
  });
});

/** Nepal is UTC+05:45 all year: its midnight falls at 18:15 UTC the day before. */
const KATHMANDU = 'Asia/Kathmandu';
const KATHMANDU_OFFSET_MS = (5 * 60 + 45) * MINUTE;

describeOnEachDatabase(
  'admin analytics in ANALYTICS_TIMEZONE',
  (t) => {
    it('counts "today" and the chart days from midnight in that zone, and says which zone', async () => {
      const today = localDate(new Date(), KATHMANDU);
      const midnight = new Date(`${today}T00:00:00Z`).getTime() - KATHMANDU_OFFSET_MS;
      await insertMember(t().db, { createdAt: new Date(midnight + MINUTE) });
      await insertMember(t().db, { createdAt: new Date(midnight - MINUTE) });
      const data = await analytics(t());
      expect(data.timeZone).toBe(KATHMANDU);
      expect(data.users.newToday).toBe(1);
      expect(data.growth.daily.at(-1)).toEqual({ _id: today, count: 1 });
      expect(data.growth.daily.at(-2)).toEqual({
        _id: localDate(new Date(midnight - MINUTE), KATHMANDU),
        count: 1,
      });
      expect(data.definitions['users.newToday']).toBe(
        `New Today: member accounts created since midnight (${KATHMANDU}).`,
      );
    });

    it('refuses an unknown time zone at start', async () => {
      const { readConfig } = await import('../../server/platform/config');
      expect(() => readConfig({ ANALYTICS_TIMEZONE: 'Mars/Olympus' })).toThrow(
        /ANALYTICS_TIMEZONE must be an IANA time zone/,
      );
      expect(readConfig({}).analyticsTimeZone).toBe('UTC');
      expect(readConfig({ SESSION_RETENTION_DAYS: '30' }).sessionRetentionDays).toBe(30);
      expect(() => readConfig({ SESSION_RETENTION_DAYS: '0' })).toThrow(/SESSION_RETENTION_DAYS/);
    });
  },
  { ANALYTICS_TIMEZONE: KATHMANDU },
);
