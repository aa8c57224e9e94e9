// Secure cards (issue 28, docs/behaviour/secure-cards.md): issuing NTAG 424 DNA cards with their keys,
// verified taps through the card lookup, replays, forgeries and clones as security events, saves from a
// verified tap, key rotation and diversification, on each database. Taps come from a simulated tag
// (tests/support/tag-simulator.ts), the tag's own computation; a real tag cannot be reached from a test.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EngagementAnalyticsSchema } from '../../contract/analytics';
import { loadSecureCardKeys } from '../../server/modules/cards';
import { diversifyCardKeys } from '../../server/modules/cards/sun';
import { readConfig } from '../../server/platform/config';
import { hexKeys, randomKeys, randomUid, SimulatedTag } from '../support/tag-simulator';
import {
  adminToken,
  bearer,
  businessCard,
  CARD_KEYS_SECRET,
  createMember,
  databaseKinds,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  SECURITY,
  startTestApp,
  type TestContext,
  useTestApp,
} from './helpers';

type Tap = { verified: boolean; counter: number | null };
type Contact = { metInPerson?: boolean; tapCounter?: number | null; nfcUID: string | null };

const UNVERIFIED: Tap = { verified: false, counter: null };
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

async function registerSecureCards(t: TestContext, cards: Record<string, string>[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/cards/secure',
    headers: bearer(await adminToken(t)),
    payload: { cards },
  });
}

/** A member whose card is a secure card encoded onto `tag`. */
async function memberWithSecureCard(t: TestContext, tag: SimulatedTag) {
  const registered = await registerSecureCards(t, [{ uid: tag.uid, ...hexKeys(tag.keys) }]);
  const [card] = json<{ cards: { nfcUID: string; url: string }[] }>(registered).cards;
  if (!card) throw new Error(`no secure card: ${registered.body}`);
  const member = await createMember(t);
  for (const [url, payload] of [
    ['/api/user/updateProfile', { nfcUID: card.nfcUID }],
    ['/api/user/updateBusinessCard', businessCard],
  ] as const) {
    await t.app.inject({ method: 'POST', url, headers: bearer(member.accessToken), payload });
  }
  return { ...member, nfcUID: card.nfcUID };
}

async function lookUp(t: TestContext, nfcUID: string, query = '', remoteAddress?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/nfc/${nfcUID}${query ? `?${query}` : ''}`,
    headers: { 'user-agent': PHONE },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(response.statusCode).toBe(200);
  return json<{ name: string; nfcUID: string; tap: Tap }>(response);
}

/** The security events recorded about card `nfcUID`, oldest first, as type and what matched. */
async function cardEvents(t: TestContext, nfcUID: string) {
  await t.app.security.settle();
  return t.db
    .selectFrom('security_events')
    .select(['event_type as eventType', 'matched'])
    .where('matched', 'like', `card ${nfcUID}%`)
    .orderBy('created_at')
    .execute();
}

async function eventTypesOfCard(t: TestContext, nfcUID: string) {
  return (await cardEvents(t, nfcUID)).map(({ eventType }) => eventType);
}

/** Every event stored one by one: the tests count them (the default samples 10 a minute per address and type). */
const ALL_EVENTS = { SECURITY_EVENT_SAMPLE_PER_MINUTE: '100000' };

describeOnEachDatabase(
  'secure cards',
  (t) => {
    it('issues secure cards with the tap URL template to encode, and stores the keys sealed', async () => {
      const tags = [new SimulatedTag(), new SimulatedTag()];
      const response = await registerSecureCards(
        t(),
        tags.map((tag) => ({ uid: tag.uid.toLowerCase(), ...hexKeys(tag.keys) })),
      );
      expect(response.statusCode).toBe(201);
      const { cards } = json<{ cards: { nfcUID: string; url: string }[] }>(response);
      expect(cards).toHaveLength(2);
      for (const card of cards) {
        expect(card.nfcUID).toMatch(/^[0-9a-f]{40}-\d+$/);
        expect(card.url).toBe(`${PUBLIC_URL}/nfc/${card.nfcUID}?p=${'0'.repeat(32)}&c=${'0'.repeat(16)}`);
      }
      expect(response.body).not.toMatch(/metaReadKey|fileReadKey/);
      const rows = await t()
        .db.selectFrom('secure_cards')
        .selectAll()
        .where(
          'nfc_uid',
          'in',
          cards.map((card) => card.nfcUID),
        )
        .execute();
      expect(rows.map((row) => row.tag_uid).sort()).toEqual(tags.map((tag) => tag.uid).sort());
      const stored = JSON.stringify(rows);
      for (const tag of tags) {
        for (const key of Object.values(hexKeys(tag.keys))) {
          expect(stored.toLowerCase()).not.toContain(key);
          expect(stored).not.toContain(Buffer.from(key, 'hex').toString('base64'));
        }
      }
    });

    it('verifies a tap once: the same URL again, the static URL and an older tap are not verified', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      const first = tag.tapQuery();
      const opened = await lookUp(t(), nfcUID, first);
      expect(opened).toMatchObject({ name: businessCard.name, nfcUID, tap: { verified: true, counter: 1 } });
      expect((await lookUp(t(), nfcUID, first)).tap).toEqual(UNVERIFIED);
      expect((await lookUp(t(), nfcUID)).tap).toEqual(UNVERIFIED);
      // NXP's own parameter names work too.
      const { p, c } = tag.tap();
      expect((await lookUp(t(), nfcUID, `picc_data=${p}&cmac=${c}`)).tap).toEqual({
        verified: true,
        counter: 2,
      });
      tag.counter = 0;
      expect((await lookUp(t(), nfcUID, tag.tapQuery())).tap).toEqual(UNVERIFIED);
      expect(await eventTypesOfCard(t(), nfcUID)).toEqual(['CARD_REPLAY', 'CARD_REPLAY']);
    });

    it('never verifies a tampered MAC or tag data, another tag’s UID or another card’s tap, and never says why', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      const other = await memberWithSecureCard(t(), new SimulatedTag());
      const { p, c } = tag.tap();
      const flipped = (text: string) => `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
      // The same keys on a tag with another UID: the signature holds, the tag is not the card's.
      const sameKeysOtherTag = new SimulatedTag(tag.keys, randomUid(), 5);
      const answers = [
        await lookUp(t(), nfcUID, `p=${p}&c=${flipped(c)}`),
        await lookUp(t(), nfcUID, `p=${flipped(p)}&c=${c}`),
        await lookUp(t(), nfcUID, `p=${p.slice(1)}&c=${c}`),
        await lookUp(t(), nfcUID, sameKeysOtherTag.tapQuery()),
        await lookUp(t(), other.nfcUID, `p=${p}&c=${c}`),
      ];
      for (const answer of answers) expect(answer.tap).toEqual(UNVERIFIED);
      expect(
        answers.slice(0, 4).every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0])),
      ).toBe(true);
      // The untouched tap still verifies: nothing above used it up.
      expect((await lookUp(t(), nfcUID, `p=${p}&c=${c}`)).tap).toEqual({ verified: true, counter: 1 });
      expect(await eventTypesOfCard(t(), nfcUID)).toEqual([
        'CARD_INVALID_SIGNATURE',
        'CARD_INVALID_SIGNATURE',
        'CARD_INVALID_SIGNATURE',
        'CARD_UID_MISMATCH',
      ]);
      expect(await eventTypesOfCard(t(), other.nfcUID)).toEqual(['CARD_INVALID_SIGNATURE']);
      // The security operator sees the last of them on the dashboard, with the card's ID.
      const login = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
      const dashboard = await t().app.inject({
        method: 'GET',
        url: '/api/security/dashboard',
        headers: bearer(json<{ token: string }>(login).token),
      });
      expect(json<{ data: { recentEvents: unknown[] } }>(dashboard).data.recentEvents).toContainEqual(
        expect.objectContaining({ eventType: 'CARD_INVALID_SIGNATURE', matched: `card ${other.nfcUID}` }),
      );
    });

    it('verifies one of several checks of one tap at the same time', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      const query = tag.tapQuery();
      const answers = await Promise.all(Array.from({ length: 6 }, () => lookUp(t(), nfcUID, query)));
      expect(answers.filter((answer) => answer.tap.verified)).toHaveLength(1);
      const stored = await t()
        .db.selectFrom('secure_cards')
        .select('last_counter')
        .where('nfc_uid', '=', nfcUID)
        .executeTakeFirstOrThrow();
      expect(stored.last_counter).toBe(1);
    });

    it('flags a suspected clone: a counter far ahead, or taps from two countries minutes apart', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      const countryOf = (address: string) => t().app.ctx.ipCountry.countryOf(address);
      const [home, abroad] = ['8.8.8.8', '81.2.69.142', '1.1.1.1', '200.160.2.3'].filter(
        (address, index, all) =>
          countryOf(address) && all.findIndex((other) => countryOf(other) === countryOf(address)) === index,
      );
      expect(abroad).toBeDefined();
      expect((await lookUp(t(), nfcUID, tag.tapQuery(), home)).tap.verified).toBe(true);
      expect(await eventTypesOfCard(t(), nfcUID)).toEqual([]);
      expect((await lookUp(t(), nfcUID, tag.tapQuery(), abroad)).tap).toEqual({ verified: true, counter: 2 });
      tag.counter += 5_000;
      expect((await lookUp(t(), nfcUID, tag.tapQuery(), abroad)).tap).toEqual({
        verified: true,
        counter: 5_003,
      });
      expect(await cardEvents(t(), nfcUID)).toEqual([
        {
          eventType: 'CARD_CLONE_SUSPECTED',
          matched: `card ${nfcUID}: ${countryOf(abroad ?? '')} 0 min after ${countryOf(home ?? '')}`,
        },
        { eventType: 'CARD_CLONE_SUSPECTED', matched: `card ${nfcUID}: counter 5003 after 2` },
      ]);
    });

    it('stores a save from a verified tap as met in person with its counter; an offline save is verified on replay', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      const save = async (payload: Record<string, unknown>) => {
        const saver = await createMember(t());
        const response = await t().app.inject({
          method: 'POST',
          url: '/api/contact/create',
          headers: { ...bearer(saver.accessToken), 'idempotency-key': randomBytes(12).toString('hex') },
          payload: { nfcUID, ...payload },
        });
        expect(response.statusCode).toBe(201);
        return json<{ contact: Contact }>(response).contact;
      };
      // Online: the page's lookup verified the tap, and the save that follows carries it.
      const opened = tag.tap();
      expect((await lookUp(t(), nfcUID, `p=${opened.p}&c=${opened.c}`)).tap.verified).toBe(true);
      expect(await save({ tap: { p: opened.p, c: opened.c } })).toMatchObject({
        metInPerson: true,
        tapCounter: 1,
      });
      // Offline: the page never reached the server; the replayed save is the tap's first check.
      const offline = tag.tap();
      expect(await save({ tap: { p: offline.p, c: offline.c } })).toMatchObject({
        metInPerson: true,
        tapCounter: 2,
      });
      expect((await lookUp(t(), nfcUID, `p=${offline.p}&c=${offline.c}`)).tap).toEqual(UNVERIFIED);
      // Without a tap, or with a forged one, a save is an ordinary one.
      expect(await save({})).toMatchObject({ metInPerson: false, tapCounter: null });
      expect(await save({ tap: { p: offline.p, c: '0'.repeat(16) } })).toMatchObject({
        metInPerson: false,
        tapCounter: null,
      });
      expect(await eventTypesOfCard(t(), nfcUID)).toEqual(['CARD_REPLAY', 'CARD_INVALID_SIGNATURE']);
    });

    it('counts a verified tap in the owner’s analytics beside NFC scans, once per visit, and against the previous period', async () => {
      const tag = new SimulatedTag();
      const owner = await memberWithSecureCard(t(), tag);
      const sendTap = (visitor: string, tap?: { p: string; c: string }) =>
        t().app.inject({
          method: 'POST',
          url: `/api/nfc/${owner.nfcUID}/events`,
          headers: { 'user-agent': PHONE },
          payload: { type: 'tap', source: 'nfc', visitor, ...(tap ? { tap } : {}) },
        });
      const opened = tag.tap();
      expect((await lookUp(t(), owner.nfcUID, `p=${opened.p}&c=${opened.c}`)).tap.verified).toBe(true);
      const proof = { p: opened.p, c: opened.c };
      // The page that tap opened, reloaded within 30 minutes: one visit, one verified tap.
      for (const _ of [1, 2]) expect((await sendTap('tapped-visitor-00000001', proof)).statusCode).toBe(204);
      // A tap the server never verified (read from the tag, never opened), another card's signature,
      // a tampered MAC and a tap event without any proof are NFC scans, never verified ones.
      const neverOpened = tag.tap();
      const tampered = { ...proof, c: `${proof.c.slice(0, 15)}${proof.c.endsWith('0') ? '1' : '0'}` };
      const otherCard = new SimulatedTag(randomKeys(), tag.uid).tap();
      await sendTap('unverified-visitor-0001', { p: neverOpened.p, c: neverOpened.c });
      await sendTap('unverified-visitor-0002', tampered);
      await sendTap('unverified-visitor-0003', { p: otherCard.p, c: otherCard.c });
      await sendTap('unverified-visitor-0004');
      // Last week's verified tap, for the previous period's figure.
      const { user_id: ownerId } = await t()
        .db.selectFrom('cards')
        .select('user_id')
        .where('nfc_uid', '=', owner.nfcUID)
        .executeTakeFirstOrThrow();
      await t()
        .db.insertInto('card_events')
        .values({
          nfc_uid: owner.nfcUID,
          card_owner_id: ownerId,
          type: 'tap',
          link: null,
          referrer: 'none',
          source: 'nfc',
          is_mobile: true,
          verified_tap: true,
          occurred_at: new Date(Date.now() - 9 * 24 * 3_600_000),
        })
        .execute();
      // Whole-hour zones read the hourly counts, others the events themselves: both count the same.
      for (const timezone of ['UTC', 'Asia/Kolkata']) {
        const response = await t().app.inject({
          method: 'GET',
          url: `/api/user-analytics/engagement?range=7&timezone=${encodeURIComponent(timezone)}`,
          headers: bearer(owner.accessToken),
        });
        const answer = EngagementAnalyticsSchema.parse(json(response));
        expect(answer.summary).toMatchObject({ totalNfcScans: 5, totalVerifiedTaps: 1 });
        expect(answer.previous.summary).toMatchObject({ totalNfcScans: 1, totalVerifiedTaps: 1 });
        expect(answer.engagementData.at(-1)).toMatchObject({ nfcScans: 5, verifiedTaps: 1 });
        expect(answer.explanations.verifiedTaps).toMatch(/^Verified taps: /);
      }
      // Checking an event's tap records nothing: the lookup already did.
      expect(await eventTypesOfCard(t(), owner.nfcUID)).toEqual([]);
    });

    it('rotates a card’s keys: the old ones verify until the card shows the new ones', async () => {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(t(), tag);
      expect((await lookUp(t(), nfcUID, tag.tapQuery())).tap.verified).toBe(true);
      const reencoded = new SimulatedTag(randomKeys(), tag.uid, 0);
      const rotated = await registerSecureCards(t(), [{ nfcUID, ...hexKeys(reencoded.keys) }]);
      expect(rotated.statusCode).toBe(201);
      expect(json<{ cards: { nfcUID: string }[] }>(rotated).cards).toEqual([
        expect.objectContaining({ nfcUID }),
      ]);
      // Not re-encoded yet: the old keys still verify.
      expect((await lookUp(t(), nfcUID, tag.tapQuery())).tap).toEqual({ verified: true, counter: 2 });
      // Re-encoded (its counter may start again): the first tap under the new keys counts, the old keys end.
      expect((await lookUp(t(), nfcUID, reencoded.tapQuery())).tap).toEqual({ verified: true, counter: 1 });
      expect((await lookUp(t(), nfcUID, tag.tapQuery())).tap).toEqual(UNVERIFIED);
      expect((await lookUp(t(), nfcUID, reencoded.tapQuery())).tap).toEqual({ verified: true, counter: 2 });
    });

    it('refuses what cannot make a secure card, and anyone but an admin', async () => {
      const tag = new SimulatedTag();
      await memberWithSecureCard(t(), tag);
      const member = await createMember(t());
      const cases: [Record<string, string>[], number, string][] = [
        [[{ uid: randomUid() }], 400, 'CARD_KEYS_NEEDED'],
        [[{ uid: tag.uid, ...hexKeys(randomKeys()) }], 409, 'CARD_UID_TAKEN'],
        [[{ nfcUID: `${'0'.repeat(40)}-1`, ...hexKeys(randomKeys()) }], 404, 'CARD_NOT_FOUND'],
        [[{ uid: 'not hex', ...hexKeys(randomKeys()) }], 400, 'VALIDATION_FAILED'],
        [[{ uid: randomUid(), metaReadKey: '00' }], 400, 'VALIDATION_FAILED'],
      ];
      for (const [cards, status, code] of cases) {
        const response = await registerSecureCards(t(), cards);
        expect(response.statusCode).toBe(status);
        expect(json(response).code).toBe(code);
      }
      const asMember = await t().app.inject({
        method: 'POST',
        url: '/api/admin/cards/secure',
        headers: bearer(member.accessToken),
        payload: { cards: [{ uid: randomUid(), ...hexKeys(randomKeys()) }] },
      });
      expect(asMember.statusCode).toBe(401);
    });

    it('will not start with secure cards stored and no secret, or another secret', async () => {
      const keys = { keysSecret: CARD_KEYS_SECRET, issuerKey: undefined };
      await expect(loadSecureCardKeys(t().db, keys)).resolves.toMatchObject({ issuerKey: null });
      await expect(loadSecureCardKeys(t().db, { ...keys, keysSecret: undefined })).rejects.toThrow(
        'Secure cards are stored but CARD_KEYS_SECRET is not set',
      );
      await expect(
        loadSecureCardKeys(t().db, { ...keys, keysSecret: `${CARD_KEYS_SECRET}, but another` }),
      ).rejects.toThrow('CARD_KEYS_SECRET does not open the stored secure card keys');
    });
  },
  ALL_EVENTS,
);

describe('secure cards’ settings', () => {
  it('refuse a short secret and an issuer key that is not an AES-128 key', () => {
    expect(() => readConfig({ CARD_KEYS_SECRET: 'short' })).toThrow(
      /CARD_KEYS_SECRET must be at least 32 characters/,
    );
    expect(() => readConfig({ CARD_ISSUER_KEY: 'abc' })).toThrow(/CARD_ISSUER_KEY must be 32 hex characters/);
    expect(readConfig({}).secureCards).toEqual({ keysSecret: undefined, issuerKey: undefined });
  });
});

describe('secure cards without CARD_KEYS_SECRET', () => {
  const t = useTestApp({ CARD_KEYS_SECRET: '' });

  it('are refused, and every card keeps opening unverified', async () => {
    const response = await registerSecureCards(t(), [{ uid: randomUid(), ...hexKeys(randomKeys()) }]);
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe('SECURE_CARDS_OFF');
  });
});

describe('secure cards with CARD_ISSUER_KEY', () => {
  const issuerKey = randomBytes(16);
  const t = useTestApp({ CARD_ISSUER_KEY: issuerKey.toString('hex') });

  it('get keys diversified from the issuer key and the tag UID (NXP AN10922)', async () => {
    const uid = randomUid();
    const response = await registerSecureCards(t(), [{ uid }]);
    expect(response.statusCode).toBe(201);
    const [card] = json<{ cards: { nfcUID: string }[] }>(response).cards;
    const member = await createMember(t());
    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(member.accessToken),
      payload: { nfcUID: card?.nfcUID },
    });
    const tag = new SimulatedTag(diversifyCardKeys(issuerKey, uid), uid);
    expect((await lookUp(t(), card?.nfcUID ?? '', tag.tapQuery())).tap).toEqual({
      verified: true,
      counter: 1,
    });
  });
});

describe('log lines of secure cards', () => {
  it('hold no key and no tap data', async () => {
    const [kind] = databaseKinds;
    if (!kind) throw new Error('no database kind');
    const lines: string[] = [];
    const context = await startTestApp(
      kind,
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const tag = new SimulatedTag();
      const { nfcUID } = await memberWithSecureCard(context, tag);
      const { p, c } = tag.tap();
      await lookUp(context, nfcUID, `p=${p}&c=${c}`);
      const log = lines.join('');
      expect(log).toContain(`/api/nfc/${nfcUID}?p=[redacted]&c=[redacted]`);
      for (const secret of [...Object.values(hexKeys(tag.keys)), p, c]) {
        expect(log.toLowerCase()).not.toContain(secret.toLowerCase());
      }
    } finally {
      await context.close();
    }
  });
});
