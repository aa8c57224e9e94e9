// Member sessions as the admin dashboard counts them: one per sign-in (login, verification; a refresh
// keeps it), device and country but never the address, last-seen at most once a minute, visits split
// after 30 idle minutes, replays not counted, and the session's end by log-out, revocation or expiry.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REPLAY_HEADER, REPLAY_HEADER_VALUE } from '../../contract/sessions';
import { describeUserAgent } from '../../server/modules/sessions/client';
import { endExpiredSessions, pruneSessions } from '../../server/modules/sessions/retention';
import {
  bearer,
  codeFrom,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  STRONG_PASSWORD,
  type TestContext,
  uniqueEmail,
} from './helpers';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** The IPv4-mapped form a dual-stack listener reports; the fallback table places it in GB. */
const UK_ADDRESS = '::ffff:81.2.69.160';

describe('device, OS and browser families from the user agent', () => {
  it('classes phones, tablets and desktops, and anything else as Unknown', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ device: 'mobile', os: 'iOS', browser: 'Safari' });
    expect(describeUserAgent(IPAD)).toEqual({ device: 'tablet', os: 'iOS', browser: 'Safari' });
    expect(describeUserAgent(WINDOWS_CHROME)).toEqual({
      device: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
    });
    expect(describeUserAgent(undefined)).toEqual({ device: 'Unknown', os: 'Unknown', browser: 'Unknown' });
    expect(describeUserAgent('   ')).toEqual({ device: 'Unknown', os: 'Unknown', browser: 'Unknown' });
    expect(describeUserAgent('curl/8.5.0').device).toBe('Unknown');
  });
});

async function login(t: TestContext, email: string, options: Partial<InjectOptions> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: STRONG_PASSWORD },
    ...options,
  });
  expect(response.statusCode).toBe(200);
  return json<{ accessToken: string; refreshToken: string; user: { id: string } }>(response);
}

function sessionsOf(t: TestContext, userId: string) {
  return t.db
    .selectFrom('member_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('started_at')
    .execute();
}

function visitsOf(t: TestContext, sessionId: string) {
  return t.db
    .selectFrom('session_visits')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('started_at')
    .execute();
}

async function userIdOf(t: TestContext, email: string): Promise<string> {
  const { id } = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return id;
}

/** Moves a session's (and its visits') activity `minutes` into the past, as if that much time had gone by. */
async function age(t: TestContext, sessionId: string, minutes: number) {
  const shift = sql`make_interval(mins => ${minutes})`;
  await sql`UPDATE member_sessions SET started_at = started_at - ${shift}, last_seen_at = last_seen_at - ${shift} WHERE id = ${sessionId}`.execute(
    t.db,
  );
  await sql`UPDATE session_visits SET started_at = started_at - ${shift}, last_seen_at = last_seen_at - ${shift} WHERE session_id = ${sessionId}`.execute(
    t.db,
  );
}

function heartbeat(t: TestContext, accessToken: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sessions/heartbeat',
    headers: { ...bearer(accessToken), ...headers },
  });
}

describeOnEachDatabase('member sessions', (t) => {
  it('a login opens a session with device, OS, browser and country, and one visit', async () => {
    const member = await createMember(t());
    await login(t(), member.email, { headers: { 'user-agent': IPHONE }, remoteAddress: UK_ADDRESS });
    const sessions = await sessionsOf(t(), await userIdOf(t(), member.email));
    // The verification signed the member in too: that is the first session.
    expect(sessions).toHaveLength(2);
    expect(sessions[1]).toMatchObject({
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      country: 'GB',
      ended_at: null,
    });
    const [visit] = await visitsOf(t(), sessions[1]?.id ?? '');
    expect(visit?.started_at).toEqual(sessions[1]?.started_at);
  });

  it('verifying the e-mail opens a session; a loopback client has no country and no user agent is Unknown', async () => {
    const email = uniqueEmail();
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Grace Hopper', email, password: STRONG_PASSWORD, dateOfBirth: '1990-05-17' },
    });
    const mail = await t().sink.waitForMail(email);
    const verified = await t().app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email, code: codeFrom(mail.text) },
    });
    expect(verified.statusCode).toBe(200);
    const [session] = await sessionsOf(t(), await userIdOf(t(), email));
    expect(session).toMatchObject({ device: 'Unknown', os: 'Unknown', browser: 'Unknown', country: null });
  });

  it('a refresh keeps the same session: the new access token moves its last-seen', async () => {
    const member = await createMember(t());
    const userId = await userIdOf(t(), member.email);
    const [session] = await sessionsOf(t(), userId);
    if (!session) throw new Error('no session');
    await age(t(), session.id, 10);
    const refreshed = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: member.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await sessionsOf(t(), userId)).toHaveLength(1);
    const { accessToken } = json<{ accessToken: string }>(refreshed);
    expect((await heartbeat(t(), accessToken)).statusCode).toBe(204);
    const [after] = await sessionsOf(t(), userId);
    expect(Date.now() - (after?.last_seen_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('writes last-seen at most once a minute per session', async () => {
    const member = await login(t(), (await createMember(t())).email);
    const sessionId = (await sessionsOf(t(), member.user.id))[1]?.id ?? '';
    await age(t(), sessionId, 2);
    expect((await heartbeat(t(), member.accessToken)).statusCode).toBe(204);
    const [{ last_seen_at: first } = { last_seen_at: new Date(0) }] = await t()
      .db.selectFrom('member_sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .execute();
    expect(Date.now() - first.getTime()).toBeLessThan(60_000);
    // Seconds later the same session is busy again: nothing more is written.
    await sql`UPDATE member_sessions SET last_seen_at = last_seen_at - interval '20 seconds' WHERE id = ${sessionId}`.execute(
      t().db,
    );
    const settled = await t()
      .db.selectFrom('member_sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    for (let request = 0; request < 5; request++) await heartbeat(t(), member.accessToken);
    const after = await t()
      .db.selectFrom('member_sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(after.last_seen_at).toEqual(settled.last_seen_at);
  });

  it('activity within 30 minutes continues the visit; after 30 idle minutes a new visit starts', async () => {
    const member = await login(t(), (await createMember(t())).email);
    const sessionId = (await sessionsOf(t(), member.user.id))[1]?.id ?? '';
    await age(t(), sessionId, 29);
    await heartbeat(t(), member.accessToken);
    let visits = await visitsOf(t(), sessionId);
    expect(visits).toHaveLength(1);
    expect(
      (visits[0]?.last_seen_at.getTime() ?? 0) - (visits[0]?.started_at.getTime() ?? 0),
    ).toBeGreaterThanOrEqual(29 * 60_000);

    // A fresh login is a fresh session in this process's memory too; aging it past the idle limit splits it.
    const second = await login(
      t(),
      (
        await t()
          .db.selectFrom('users')
          .select('email')
          .where('id', '=', member.user.id)
          .executeTakeFirstOrThrow()
      ).email,
    );
    const secondId = (await sessionsOf(t(), member.user.id))[2]?.id ?? '';
    await age(t(), secondId, 31);
    await heartbeat(t(), second.accessToken);
    visits = await visitsOf(t(), secondId);
    expect(visits).toHaveLength(2);
    expect(Date.now() - (visits[1]?.started_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('the outbox replay header is no activity', async () => {
    const member = await login(t(), (await createMember(t())).email);
    const sessionId = (await sessionsOf(t(), member.user.id))[1]?.id ?? '';
    await age(t(), sessionId, 45);
    const before = await t()
      .db.selectFrom('member_sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const replayed = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: { ...bearer(member.accessToken), [REPLAY_HEADER]: REPLAY_HEADER_VALUE },
    });
    expect(replayed.statusCode).toBe(200);
    const after = await t()
      .db.selectFrom('member_sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(after.last_seen_at).toEqual(before.last_seen_at);
    expect(await visitsOf(t(), sessionId)).toHaveLength(1);
  });

  it('the heartbeat needs a member token', async () => {
    expect((await t().app.inject({ method: 'POST', url: '/api/sessions/heartbeat' })).statusCode).toBe(401);
    const admin = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@tapnet.test', password: 'Admin-Passw0rd' },
    });
    const adminToken = json<{ token: string }>(admin).token;
    expect((await heartbeat(t(), adminToken)).statusCode).toBe(401);
  });

  it('log-out ends the session; a replayed refresh token revokes it; a password reset revokes them all', async () => {
    const created = await createMember(t());
    const userId = await userIdOf(t(), created.email);
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: created.refreshToken },
    });
    const other = await login(t(), created.email);
    const rotated = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: other.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    // The first refresh token again, after the grace period: reuse, the family is revoked.
    await sql`UPDATE refresh_tokens SET replaced_at = now() - interval '1 hour' WHERE replaced_at IS NOT NULL AND user_id = ${userId}`.execute(
      t().db,
    );
    const reused = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: other.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
    const third = await login(t(), created.email);
    expect(third.accessToken).toBeTruthy();

    const sessions = await sessionsOf(t(), userId);
    expect(sessions.map((session) => session.end_reason)).toEqual(['logout', 'revoked', null]);

    await t().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: created.email },
    });
    const mail = await t().sink.waitForMail(created.email, { newerThan: 1 });
    const token = mail.text.match(/reset-password\/([^\s/?#]+)/)?.[1] ?? '';
    const reset = await t().app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'An0ther-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await sessionsOf(t(), userId)).map((session) => session.end_reason)).toEqual([
      'logout',
      'revoked',
      'revoked',
    ]);
  });

  it('housekeeping ends sessions whose refresh tokens expired, and deletes what is past the retention', async () => {
    const member = await login(t(), (await createMember(t())).email);
    const [first, second] = await sessionsOf(t(), member.user.id);
    if (!first || !second) throw new Error('no sessions');
    await sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 day' WHERE family_id = ${first.id}`.execute(
      t().db,
    );
    await endExpiredSessions(t().db);
    const ended = await sessionsOf(t(), member.user.id);
    expect(ended.map((session) => session.end_reason)).toEqual(['expired', null]);

    await age(t(), first.id, 91 * 24 * 60);
    await sql`UPDATE member_sessions SET ended_at = ended_at - interval '91 days' WHERE id = ${first.id}`.execute(
      t().db,
    );
    await pruneSessions(t().db, 90);
    expect((await sessionsOf(t(), member.user.id)).map((session) => session.id)).toEqual([second.id]);
    expect(await visitsOf(t(), first.id)).toHaveLength(0);
  });
});

/** Addresses distinctive enough that finding one in any column means it was stored. */
const CLIENT_ADDRESSES = ['81.2.69.160', '8.8.4.4', '2a00:1450:4001:82a::200e'];

/** Every text-like column of every table, as `table.column` pairs. */
async function textColumns(t: TestContext) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema()
      AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr')
  `.execute(t.db);
  return rows;
}

describeOnEachDatabase('privacy of sessions', (t) => {
  it('stores no client address anywhere but the security log after sign-ups, logins, refreshes, activity, saves and log-outs', async () => {
    const email = uniqueEmail();
    const fromUk = { remoteAddress: `::ffff:${CLIENT_ADDRESSES[0]}`, headers: { 'user-agent': IPHONE } };
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ada Lovelace', email, password: STRONG_PASSWORD, dateOfBirth: '1990-05-17' },
      ...fromUk,
    });
    const mail = await t().sink.waitForMail(email);
    const verified = await t().app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email, code: codeFrom(mail.text) },
      ...fromUk,
    });
    expect(verified.statusCode).toBe(200);
    const signedIn = await login(t(), email, {
      remoteAddress: CLIENT_ADDRESSES[1],
      headers: { 'user-agent': WINDOWS_CHROME },
    });
    const fromV6 = { remoteAddress: CLIENT_ADDRESSES[2] };
    const refreshed = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: signedIn.refreshToken },
      ...fromV6,
    });
    const { accessToken, refreshToken } = json<{ accessToken: string; refreshToken: string }>(refreshed);
    await t().app.inject({
      method: 'POST',
      url: '/api/sessions/heartbeat',
      headers: bearer(accessToken),
      ...fromV6,
    });
    await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(accessToken), ...fromV6 });
    await t().app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken }, ...fromV6 });

    const sessions = await sessionsOf(t(), await userIdOf(t(), email));
    expect(sessions.map((session) => session.country)).toEqual(['GB', 'US']);

    // The security log is written a second later; settled now, so what it holds is always checked.
    await t().app.security.settle();
    const columns = await textColumns(t());
    expect(columns.some((column) => column.table_name === 'member_sessions')).toBe(true);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const { rows } = await sql<{ count: string | number }>`
        SELECT count(*) AS count FROM ${sql.table(table)}
        WHERE ${sql.ref(column)}::text LIKE ANY (${CLIENT_ADDRESSES.map((address) => `%${address}%`)})
      `.execute(t().db);
      if (Number(rows[0]?.count) > 0) found.push(`${table}.${column}`);
    }
    // Only the security log keeps an address: the operator's dashboard and blocks work by address
    // (spec, security monitoring), and housekeeping deletes its events after SECURITY_EVENT_RETENTION_DAYS.
    expect(found).toEqual(['security_events.ip_address']);
  });

  it('marks a contact the outbox replayed as saved offline, and one saved online as not', async () => {
    const owner = await createMemberWithCard(t());
    const saver = await createMember(t());
    const other = await createMemberWithCard(t());
    const save = (nfcUID: string, headers: Record<string, string>) =>
      t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: { ...bearer(saver.accessToken), ...headers },
        payload: { nfcUID },
      });
    expect(
      (await save(owner.nfcUID, { [REPLAY_HEADER]: REPLAY_HEADER_VALUE, 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(201);
    expect((await save(other.nfcUID, {})).statusCode).toBe(201);
    const rows = await t()
      .db.selectFrom('contacts')
      .select(['nfc_uid', 'saved_offline'])
      .where('owner_id', '=', await userIdOf(t(), saver.email))
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.nfc_uid, row.saved_offline]))).toEqual({
      [owner.nfcUID]: true,
      [other.nfcUID]: false,
    });
  });
});
