// Issue 23, the venue: hundreds of members behind one address, and an attacker among them. Who is
// asking decides: a valid token is its account (limited and judged as such), everyone else is their
// address (an IPv6 /64). Card pages open at a blocked address, a browser's cross-site fetches earn no
// points, operators are never kept out, and limits hold across processes on one PostgreSQL.

import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SecurityDashboard } from '../../contract/security';
import { buildApp } from '../../server/platform/app';
import { readConfig } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db/connection';
import { createThrowawayDatabase } from '../support/throwaway-postgres';
import { basic } from './carddav-support';
import {
  ADMIN,
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  SECURITY,
  STRONG_PASSWORD,
  uniqueEmail,
} from './helpers';

const JWT_SECRET = 'venue-test-secret-of-at-least-32-characters';
const SCANNER = 'sqlmap/1.7.2#stable (https://sqlmap.org)';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** What Chromium sends for an `<img>` on another site's page. */
const CROSS_SITE_IMAGE = {
  'user-agent': CHROME,
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
};
const PROBES = ['/.env', '/.git/config', '/.aws/credentials'];

/** A token we signed whose time ran out an hour ago. */
function expiredToken(userId: string, audience: string, role: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('tapnet')
    .setAudience(audience)
    .setSubject(userId)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

describeOnEachDatabase(
  'the venue',
  (t) => {
    const saveFrom = (address: string, token: string, nfcUID: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(token),
        payload: { nfcUID },
        remoteAddress: address,
      });

    it('counts signed-in saves per member: one busy member never spends the crowd’s budget', async () => {
      const venue = '203.0.113.50';
      const busy = await createMember(t());
      const other = await createMember(t());
      const speaker = await createMemberWithCard(t());
      const statuses: number[] = [];
      for (let n = 0; n < 121; n += 1)
        statuses.push((await saveFrom(venue, busy.accessToken, speaker.nfcUID)).statusCode);
      // 120 a minute per member: the first saves the card, the rest meet CONTACT_EXISTS, then the limit.
      expect(statuses.slice(0, 120).filter((status) => status === 429)).toHaveLength(0);
      expect(statuses[120]).toBe(429);
      // Another member behind the same address saves as if nobody else were there.
      const saved = await saveFrom(venue, other.accessToken, speaker.nfcUID);
      expect(saved.statusCode).toBe(201);
    });

    it('signs up 30 people from one venue address within a minute', async () => {
      const venue = '203.0.113.51';
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          t().app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: {
              name: 'Guest',
              email: uniqueEmail('venue'),
              password: STRONG_PASSWORD,
              dateOfBirth: '1990-01-01',
            },
            remoteAddress: venue,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(201));
    });

    it('keeps members with a valid token, card pages and card events open at a blocked address', async () => {
      const venue = '203.0.113.52';
      const member = await createMember(t());
      const speaker = await createMemberWithCard(t());
      // The attacker in the crowd: one scanner request blocks the venue's address at once …
      const scan = await t().app.inject({
        method: 'GET',
        url: '/',
        headers: { 'user-agent': SCANNER },
        remoteAddress: venue,
      });
      expect(scan.statusCode).toBe(403);
      expect(json(scan).code).toBe('ADDRESS_BLOCKED');
      // … and is refused on each hostile request, token or not.
      const scannerAccount = await createMember(t());
      const scanWithToken = await t().app.inject({
        method: 'GET',
        url: '/api/contact',
        headers: { ...bearer(scannerAccount.accessToken), 'user-agent': SCANNER },
        remoteAddress: '203.0.113.53',
      });
      expect(scanWithToken.statusCode).toBe(403);
      // Anonymous, non-card requests from the venue are refused.
      const anonymous = await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: venue });
      expect(anonymous.statusCode).toBe(403);
      // The member with a valid token is judged by their own account.
      const contacts = await t().app.inject({
        method: 'GET',
        url: '/api/contact',
        headers: bearer(member.accessToken),
        remoteAddress: venue,
      });
      expect(contacts.statusCode).toBe(200);
      // Card pages and their events open for everyone there.
      const card = await t().app.inject({
        method: 'GET',
        url: `/api/nfc/${speaker.nfcUID}`,
        remoteAddress: venue,
      });
      expect(card.statusCode).toBe(200);
      const vcard = await t().app.inject({
        method: 'GET',
        url: `/api/nfc/${speaker.nfcUID}/vcard`,
        remoteAddress: venue,
      });
      expect(vcard.statusCode).toBe(200);
      const tap = await t().app.inject({
        method: 'POST',
        url: `/api/nfc/${speaker.nfcUID}/events`,
        payload: { type: 'save' },
        remoteAddress: venue,
      });
      expect(tap.statusCode).toBe(204);
      const shared = await t().app.inject({
        method: 'POST',
        url: `/api/nfc/${speaker.nfcUID}/share-details`,
        payload: { name: 'Lin Visitor', email: 'lin.venue@example.com', consent: true },
        remoteAddress: venue,
      });
      expect(shared.statusCode).toBe(201);
      const emailed = await t().app.inject({
        method: 'POST',
        url: `/api/nfc/${speaker.nfcUID}/email-me`,
        payload: { email: 'lin.venue@example.com' },
        remoteAddress: venue,
      });
      expect(emailed.statusCode).toBe(202);
      const qr = await t().app.inject({
        method: 'GET',
        url: `/api/nfc/${speaker.nfcUID}/qr.png`,
        remoteAddress: venue,
      });
      expect(qr.statusCode).toBe(200);
      // The scanner itself stays refused there too: its own request is hostile, card page or not.
      for (const [method, url] of [
        ['GET', `/api/nfc/${speaker.nfcUID}`],
        ['GET', `/api/nfc/${speaker.nfcUID}/vcard`],
        ['POST', `/api/nfc/${speaker.nfcUID}/events`],
        ['POST', `/api/nfc/${speaker.nfcUID}/share-details`],
        ['POST', `/api/nfc/${speaker.nfcUID}/email-me`],
        ['GET', `/api/nfc/${speaker.nfcUID}/qr.png`],
      ] as const) {
        const scanned = await t().app.inject({
          method,
          url,
          headers: { 'user-agent': SCANNER },
          remoteAddress: venue,
          ...(method === 'POST'
            ? { payload: { type: 'view', name: 'x', email: 'x@example.com', consent: true } }
            : {}),
        });
        expect(scanned.statusCode).toBe(403);
        expect(json(scanned).code).toBe('ADDRESS_BLOCKED');
      }
    });

    it('suspends an account that attacks, wherever it asks from, and leaves its address to the crowd', async () => {
      const attacker = await createMember(t());
      const neighbour = await createMember(t());
      const office = '203.0.113.54';
      const scan = await t().app.inject({
        method: 'GET',
        url: '/api/contact',
        headers: { ...bearer(attacker.accessToken), 'user-agent': SCANNER },
        remoteAddress: office,
      });
      expect(scan.statusCode).toBe(403);
      expect(json(scan).code).toBe('ACCOUNT_SUSPENDED');
      const elsewhere = await t().app.inject({
        method: 'GET',
        url: '/api/contact',
        headers: bearer(attacker.accessToken),
        remoteAddress: '198.51.100.54',
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(json(elsewhere).code).toBe('ACCOUNT_SUSPENDED');
      const neighbours = await t().app.inject({
        method: 'GET',
        url: '/api/contact',
        headers: bearer(neighbour.accessToken),
        remoteAddress: office,
      });
      expect(neighbours.statusCode).toBe(200);
      const anonymous = await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: office });
      expect(anonymous.statusCode).toBe(200);
    });

    it('gives no points for what a browser fetched for another site’s page (<img> probes)', async () => {
      const member = '203.0.113.55';
      for (const path of PROBES) {
        for (let n = 0; n < 3; n += 1) {
          const probe = await t().app.inject({
            method: 'GET',
            url: path,
            headers: CROSS_SITE_IMAGE,
            remoteAddress: member,
          });
          expect(probe.statusCode).toBe(404);
        }
      }
      expect(t().app.security.isBlocked(member)).toBe(false);
      expect(
        (await t().app.inject({ method: 'GET', url: '/api/health', remoteAddress: member })).statusCode,
      ).toBe(200);
      // The same probes chosen by the client itself still block.
      const prober = '203.0.113.56';
      for (const path of PROBES) {
        await t().app.inject({
          method: 'GET',
          url: path,
          headers: { 'user-agent': CHROME },
          remoteAddress: prober,
        });
      }
      expect(t().app.security.isBlocked(prober)).toBe(true);
    });

    it('scores, blocks and bounds an IPv6 client by its /64, whatever address inside it asks', async () => {
      for (let n = 1; n <= 200; n += 1) {
        const answer = await t().app.inject({
          method: 'GET',
          url: '/',
          headers: { 'user-agent': SCANNER },
          remoteAddress: `2001:db8:77:2::${n.toString(16)}`,
        });
        expect(answer.statusCode).toBe(403);
      }
      expect(t().app.security.isBlocked('2001:db8:77:2::/64')).toBe(true);
      const rotated = await t().app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '2001:db8:77:2:abcd::1',
      });
      expect(rotated.statusCode).toBe(403);
      const neighbour = await t().app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '2001:db8:77:3::1',
      });
      expect(neighbour.statusCode).toBe(200);
      await t().app.security.settle();
      const blocks = await t()
        .db.selectFrom('security_blocks')
        .select('ip_address')
        .where('ip_address', 'like', '2001:db8:77:2:%')
        .execute();
      expect(blocks.map((block) => block.ip_address)).toEqual(['2001:db8:77:2::/64']);
      const events = await t()
        .db.selectFrom('security_events')
        .select('id')
        .where('ip_address', 'like', '2001:db8:77:2:%')
        .execute();
      // One block's events (scanner + agent, the block itself), not 200 requests' worth.
      expect(events.length).toBeLessThanOrEqual(5);
    });

    it('never blocks an operator for their own expired token, and a made-up Bearer header passes no block', async () => {
      const office = '203.0.113.57';
      const admin = await t()
        .db.selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN.email)
        .executeTakeFirstOrThrow();
      const stale = await expiredToken(admin.id, 'tapnet:admin', 'admin');
      for (let n = 0; n < 6; n += 1) {
        const call = await t().app.inject({
          method: 'GET',
          url: '/api/admin/session',
          headers: bearer(stale),
          remoteAddress: office,
        });
        expect(call.statusCode).toBe(401);
      }
      const login = await t().app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: ADMIN,
        remoteAddress: office,
      });
      expect(login.statusCode).toBe(200);

      // A blocked attacker cannot walk past the block with any Bearer header (review §2.10) …
      const attacker = '203.0.113.58';
      await t().app.inject({
        method: 'GET',
        url: '/',
        headers: { 'user-agent': SCANNER },
        remoteAddress: attacker,
      });
      const guess = await t().app.inject({
        method: 'POST',
        url: '/api/security/login',
        headers: { authorization: 'Bearer x' },
        payload: { email: SECURITY.email, password: 'Wrong-Passw0rd' },
        remoteAddress: attacker,
      });
      expect(guess.statusCode).toBe(403);
      expect(json(guess).code).toBe('ADDRESS_BLOCKED');
      // … while the security operator's valid token does, to lift it.
      const token = json<{ token: string }>(
        await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY }),
      ).token;
      const dashboard = await t().app.inject({
        method: 'GET',
        url: '/api/security/blocks',
        headers: bearer(token),
        remoteAddress: attacker,
      });
      expect(dashboard.statusCode).toBe(200);
    });
  },
  { JWT_SECRET },
);

// An app of its own: the other tests' attackers would be high-risk addresses on its dashboard too.
describeOnEachDatabase('a venue on the security dashboard', (t) => {
  it('marks a venue’s address as shared on the dashboard, never recommends blocking it, and asks before a block', async () => {
    const venue = '203.0.113.70';
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t())));
    for (const member of members) {
      const login = await t().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
        remoteAddress: venue,
      });
      expect(login.statusCode).toBe(200);
    }
    // Someone in the crowd tries SQL injection in a query (detected, not blocked): high risk at 5.
    for (let n = 0; n < 6; n += 1) {
      await t().app.inject({
        method: 'GET',
        url: `/api/health?q=' union select ${n}--`,
        headers: { 'user-agent': CHROME },
        remoteAddress: venue,
      });
    }
    const token = json<{ token: string }>(
      await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY }),
    ).token;
    const dashboard = json<{ data: SecurityDashboard }>(
      await t().app.inject({ method: 'GET', url: '/api/security/dashboard', headers: bearer(token) }),
    ).data;
    expect(dashboard.suspiciousIPs.find((address) => address.ipAddress === venue)).toMatchObject({
      membersSignedIn: 6,
      isShared: true,
    });
    expect(dashboard.sharedAddresses).toContainEqual({ ipAddress: venue, members: 6 });
    const actions = dashboard.recommendations.map((recommendation) => recommendation.action);
    expect(actions).toContain('Watch shared addresses, do not block them');
    expect(actions).not.toContain('Review high-risk addresses');

    const block = (confirmShared?: boolean) =>
      t().app.inject({
        method: 'POST',
        url: '/api/security/blocks',
        headers: bearer(token),
        payload: {
          ipAddress: venue,
          durationMinutes: 60,
          reason: 'attack from the show floor',
          confirmShared,
        },
      });
    const asked = await block();
    expect(asked.statusCode).toBe(409);
    const question = json(asked);
    expect(question.code).toBe('SHARED_ADDRESS_UNCONFIRMED');
    expect(question.error).toMatch(/^6 members signed in from 203\.0\.113\.70 in the last 24 hours \(/);
    expect(question.error).toContain(members[5]?.email);
    expect(question.error).toMatch(/and 1 more\)/);
    expect(t().app.security.isBlocked(venue)).toBe(false);
    expect((await block(true)).statusCode).toBe(201);
    expect(t().app.security.isBlocked(venue)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('limits shared by two app instances on one PostgreSQL', () => {
  /** Two app instances on one throwaway database, as two processes (WORKERS=2) or two machines are. */
  async function withTwoInstances(use: (apps: [FastifyInstance, FastifyInstance]) => Promise<void>) {
    const database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL ?? '', 'tapnet_venue');
    const config = readConfig({
      PUBLIC_URL,
      STATIC_DIR: '/nonexistent',
      JWT_SECRET,
      SECURITY_MONITORING: 'off',
    });
    const instance = async () =>
      buildApp({
        config,
        connection: await openDatabase({ databaseUrl: database.url }),
        logger: false,
        housekeeping: false,
      });
    const apps: [FastifyInstance, FastifyInstance] = [await instance(), await instance()];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      await use(apps);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  }

  it('refuses the 31st reset request from one address a minute, however the requests are spread', async () => {
    await withTwoInstances(async ([first, second]) => {
      const statuses: number[] = [];
      for (let n = 0; n < 31; n += 1) {
        const app = n % 2 === 0 ? first : second;
        const answer = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: uniqueEmail('shared') },
          remoteAddress: '203.0.113.60',
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  it('holds one inbox to 5 reset mails in 15 minutes and 10 wrong CardDAV passwords across both, asked at once', async () => {
    await withTwoInstances(async (apps) => {
      // Eight requests at the same moment, half to each instance, each from another address.
      const inbox = uniqueEmail('one-inbox');
      const resets = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          apps[n % 2]?.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: inbox },
            remoteAddress: `198.51.100.${n + 1}`,
          }),
        ),
      );
      const resetStatuses = resets.map((answer) => answer?.statusCode).sort();
      expect(resetStatuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = resets.find((answer) => answer?.statusCode === 429);
      expect(refused && json(refused).error).toBe(
        'Too many requests for this email address. Please try again in 15 minutes.',
      );

      // Ten wrong app passwords for one account, spread over both instances: from the eleventh on, a
      // try is refused by either.
      const account = uniqueEmail('dav');
      const davTry = (app: FastifyInstance, n: number) =>
        app.inject({
          method: 'PROPFIND',
          url: '/carddav/',
          headers: basic(account, `wrong-password-${n}`),
          remoteAddress: `198.51.100.${n + 20}`,
        });
      const wrong = await Promise.all(
        apps.flatMap((app, half) => [0, 1, 2, 3, 4].map((n) => davTry(app, half * 5 + n))),
      );
      expect(wrong.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
      for (const app of apps) expect((await davTry(app, 11)).statusCode).toBe(429);
    });
  });
});
