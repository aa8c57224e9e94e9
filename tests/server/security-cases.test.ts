// Detection through the real app without sockets: every case of the table from its own client address,
// then what was stored for that address. The coverage test keeps the table honest: every event type of
// the spec has a case that must find it and a case that must not (for the types a request's own
// inspection finds, the recorded e2e traffic of security-traffic.test.ts is one).
import { request as httpRequest } from 'node:http';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SecurityEventTypeSchema } from '../../contract/security';
import { INSPECTED_EVENT_TYPES } from '../../server/platform/security/inspect';
import { hexKeys, randomUid, SimulatedTag } from '../support/tag-simulator';
import {
  adminToken,
  bearer,
  createMember,
  describeOnEachDatabase,
  json,
  SECURITY,
  type TestContext,
} from './helpers';
import { SECURITY_CASES, type SecurityCase } from './security-cases';

let nextHost = 0;
/** A fresh address per case (198.18.0.0/15, set aside for tests), so cases never add up. */
function freshAddress(): string {
  nextHost += 1;
  return `198.18.${Math.floor(nextHost / 250)}.${(nextHost % 250) + 1}`;
}

async function eventsOf(t: TestContext, ipAddress: string) {
  await t.app.security.settle();
  return t.db
    .selectFrom('security_events')
    .select(['event_type', 'severity'])
    .where('ip_address', '=', ipAddress)
    .execute();
}

/**
 * The recorded e2e traffic (security-traffic.test.ts) is a negative case for every type a request's own
 * inspection can find: none of its requests may raise one above LOW. Types that come from outcomes and
 * scoring (bursts, sign-ins, operator calls, blocks) need a negative case in the table.
 */
function isNegativeInRecordedTraffic(type: string): boolean {
  return INSPECTED_EVENT_TYPES.some((inspected) => inspected === type);
}

describe('the case table', () => {
  it('has a positive and a negative case for every event type of the spec, the recorded e2e traffic counting as one', () => {
    const missing = SecurityEventTypeSchema.options.flatMap((type) => {
      const positive = SECURITY_CASES.some((one) => one.expect?.eventType === type);
      const negative =
        SECURITY_CASES.some((one) => one.absent?.includes(type)) || isNegativeInRecordedTraffic(type);
      return [
        ...(positive ? [] : [`${type}: no positive case in the table`]),
        ...(negative
          ? []
          : [`${type}: no negative case, neither in the table nor in the recorded e2e traffic`]),
      ];
    });
    expect(missing).toEqual([]);
  });
});

describeOnEachDatabase('detection', (t) => {
  let member: { email: string; password: string; accessToken: string };
  const tokens: Record<'admin' | 'security', string> = { admin: '', security: '' };

  beforeAll(async () => {
    member = await createMember(t());
    tokens.admin = await adminToken(t());
    const security = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    tokens.security = json<{ token: string }>(security).token;
    await makeSecureCard();
  });

  // The secure card of the {secureCard} cases: registered, linked to a member, and tapped once.
  const tag = new SimulatedTag();
  const secure = { nfcUID: '', replayedTap: '' };
  async function makeSecureCard() {
    const registered = await t().app.inject({
      method: 'POST',
      url: '/api/admin/cards/secure',
      headers: bearer(tokens.admin),
      payload: { cards: [{ uid: tag.uid, ...hexKeys(tag.keys) }] },
    });
    secure.nfcUID = json<{ cards: { nfcUID: string }[] }>(registered).cards[0]?.nfcUID ?? '';
    const holder = await createMember(t());
    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(holder.accessToken),
      payload: { nfcUID: secure.nfcUID },
    });
    secure.replayedTap = tag.tapQuery();
    await t().app.inject({ method: 'GET', url: `/api/nfc/${secure.nfcUID}?${secure.replayedTap}` });
  }

  const tapQueries: Record<string, () => string> = {
    '{secureCard}': () => secure.nfcUID,
    '{tap}': () => tag.tapQuery(),
    '{replayedTap}': () => secure.replayedTap,
    '{forgedTap}': () => tag.tapQuery().replace(/c=[0-9A-F]{16}/, `c=${'0'.repeat(16)}`),
    '{otherTagTap}': () => new SimulatedTag(tag.keys, randomUid(), tag.counter + 1).tapQuery(),
    '{farTap}': () => {
      tag.counter += 5_000;
      return tag.tapQuery();
    },
  };

  function withTaps(url: string): string {
    return url.replace(/\{[A-Za-z]+\}/g, (token) => tapQueries[token]?.() ?? token);
  }

  function requestOf(one: SecurityCase, n: number, remoteAddress: string): InjectOptions {
    const { request } = one;
    const headers: Record<string, string> = {};
    if (request.userAgent !== null)
      headers['user-agent'] = request.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';
    if (request.asMember) headers.authorization = `Bearer ${member.accessToken}`;
    if (request.asOperator) headers.authorization = `Bearer ${tokens[request.asOperator]}`;
    if (request.badToken) headers.authorization = 'Bearer aaa.bbb.ccc';
    if (request.signIn) {
      const credentials =
        request.signIn === 'member' ? { email: member.email, password: member.password } : SECURITY;
      const url = request.signIn === 'member' ? '/api/auth/login' : '/api/security/login';
      return { method: 'POST', url, payload: credentials, headers, remoteAddress };
    }
    const url = withTaps(request.url.replaceAll('{n}', String(n)));
    if (request.rawBody) {
      headers['content-type'] = request.rawBody.contentType;
      return {
        method: request.method ?? 'POST',
        url,
        payload: request.rawBody.payload,
        headers,
        remoteAddress,
      };
    }
    return {
      method: request.method ?? 'GET',
      url,
      headers,
      remoteAddress,
      ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
    };
  }

  it.each(SECURITY_CASES)('$name', async (one) => {
    if (one.request.userAgent === null) {
      await expectWithoutUserAgent(one);
      return;
    }
    const address = freshAddress();
    let status = 0;
    for (let n = 1; n <= (one.request.times ?? 1); n += 1) {
      status = (await t().app.inject(requestOf(one, n, address))).statusCode;
    }
    if (one.status !== undefined) expect(status).toBe(one.status);
    const events = await eventsOf(t(), address);
    if (one.expect) {
      expect(events).toContainEqual({ event_type: one.expect.eventType, severity: one.expect.severity });
    }
    for (const type of one.absent ?? []) {
      expect(events.map((event) => event.event_type)).not.toContain(type);
    }
  });

  /**
   * `inject` always sends a user agent, so a request without one goes through a real socket on
   * loopback, from an address of its own (127.0.0.0/8 is all loopback; always allowlisted, still recorded).
   */
  async function expectWithoutUserAgent(one: SecurityCase) {
    const address = `127.0.${Math.floor(nextHost / 250) + 1}.${(nextHost % 250) + 1}`;
    nextHost += 1;
    const port = await listenOnce();
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: one.request.url, localAddress: address },
        (response) => {
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
      request.end();
    });
    const events = await eventsOf(t(), address);
    if (one.expect)
      expect(events).toContainEqual({ event_type: one.expect.eventType, severity: one.expect.severity });
  }

  let port: number | undefined;
  async function listenOnce(): Promise<number> {
    if (port === undefined) {
      await t().app.listen({ host: '127.0.0.1', port: 0 });
      const address = t().app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    }
    return port;
  }

  it('never answers a probe with the app’s page', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/.env', remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).not.toContain('<html');
  });

  it('stores no password, token or body, and redacts secrets in what matched', async () => {
    const address = freshAddress();
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'victim@example.com', password: "' OR '1'='1" },
      remoteAddress: address,
    });
    await t().app.inject({
      method: 'GET',
      url: "/reset-password/x?token=s3cr3t' OR 1=1--%20",
      remoteAddress: address,
    });
    // Tokens in paths: the events' endpoints keep the route, never the token.
    await t().app.inject({
      method: 'GET',
      url: "/reset-password/pathS3cret?next=' OR 1=1--%20",
      remoteAddress: address,
    });
    await t().app.inject({
      method: 'GET',
      url: "/api/unsubscribe/unsubS3cret?x=' OR 1=1--%20",
      remoteAddress: address,
    });
    await t().app.security.settle();
    const rows = await t()
      .db.selectFrom('security_events')
      .selectAll()
      .where('ip_address', '=', address)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("' OR '1'='1");
    expect(stored).not.toContain('s3cr3t');
    expect(stored).not.toContain('pathS3cret');
    expect(stored).not.toContain('unsubS3cret');
    expect(stored).toContain('GET /api/unsubscribe/[redacted]');
    expect(rows.find((row) => row.event_type === 'SQL_INJECTION_ATTEMPT')?.matched).toBe("' or 1=1");
    expect(rows.find((row) => row.event_type === 'LOGIN_FAILURE')?.email).toBe('victim@example.com');
  });

  it('answers a member who was in the table all along', async () => {
    const response = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(member.accessToken),
    });
    expect(response.statusCode).toBe(200);
  });
});
