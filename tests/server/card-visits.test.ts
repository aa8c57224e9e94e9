// Member analytics count other people (issue 30 point 1): the owner's own openings are not counted,
// one visitor's repeat openings within 30 minutes count once, and nothing kept says who a visitor was.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConversionAnalyticsSchema, EngagementAnalyticsSchema } from '../../contract/analytics';
import { forgetOldVisits } from '../../server/modules/cards/visits';
import { bearer, createMemberWithCard, describeOnEachDatabase, json, type TestContext } from './helpers';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile';
const OTHER_PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

describeOnEachDatabase('who card analytics count', (t) => {
  function send(
    nfcUID: string,
    payload: Record<string, unknown>,
    options: { token?: string; userAgent?: string } = {},
  ) {
    return t().app.inject({
      method: 'POST',
      url: `/api/nfc/${nfcUID}/events`,
      payload,
      headers: { 'user-agent': options.userAgent ?? PHONE, ...(options.token ? bearer(options.token) : {}) },
    });
  }

  async function funnelOf(token: string) {
    const response = await t().app.inject({
      method: 'GET',
      url: '/api/user-analytics/conversion?range=7',
      headers: bearer(token),
    });
    return ConversionAnalyticsSchema.parse(json(response)).conversionFunnel;
  }

  /** What the visit table holds after time has passed: every visit's last opening `minutes` earlier. */
  async function letMinutesPass(db: TestContext['db'], minutes: number) {
    await sql`UPDATE card_visits SET last_at = last_at - make_interval(mins => ${minutes}),
      counted_at = counted_at - make_interval(mins => ${minutes})`.execute(db);
  }

  it("does not count the owner's own views, taps or clicks made with their token", async () => {
    const owner = await createMemberWithCard(t());
    for (const type of ['view', 'tap', 'save']) {
      expect(
        (await send(owner.nfcUID, { type, source: 'nfc' }, { token: owner.accessToken })).statusCode,
      ).toBe(204);
    }
    expect(
      (await send(owner.nfcUID, { type: 'link_click', link: 'email' }, { token: owner.accessToken }))
        .statusCode,
    ).toBe(204);
    expect(await funnelOf(owner.accessToken)).toEqual({ nfcScans: 0, profileViews: 0, contactSaves: 0 });

    // Another member's token is a visitor like any other.
    const visitor = await createMemberWithCard(t());
    await send(owner.nfcUID, { type: 'view', source: 'nfc' }, { token: visitor.accessToken });
    await send(owner.nfcUID, { type: 'tap', source: 'nfc' }, { token: visitor.accessToken });
    expect(await funnelOf(owner.accessToken)).toEqual({ nfcScans: 1, profileViews: 1, contactSaves: 0 });
  });

  it('counts one visitor opening the card again within 30 minutes once, and again after 30 quiet minutes', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = 'visitor-aaaaaaaaaaaaaaaa';
    for (let opening = 0; opening < 4; opening += 1) {
      await send(owner.nfcUID, { type: 'view', source: 'nfc', visitor });
      await send(owner.nfcUID, { type: 'tap', source: 'nfc', visitor });
    }
    await send(owner.nfcUID, { type: 'save', source: 'nfc', visitor });
    await send(owner.nfcUID, { type: 'save', source: 'nfc', visitor });
    expect(await funnelOf(owner.accessToken)).toEqual({ nfcScans: 1, profileViews: 1, contactSaves: 1 });

    // 20 minutes later: still the same visit (each opening moves the window on).
    await letMinutesPass(t().db, 20);
    await send(owner.nfcUID, { type: 'view', source: 'nfc', visitor });
    expect((await funnelOf(owner.accessToken)).profileViews).toBe(1);

    // 31 quiet minutes after that: a new visit.
    await letMinutesPass(t().db, 31);
    await send(owner.nfcUID, { type: 'view', source: 'nfc', visitor });
    await send(owner.nfcUID, { type: 'tap', source: 'nfc', visitor });
    expect(await funnelOf(owner.accessToken)).toEqual({ nfcScans: 2, profileViews: 2, contactSaves: 1 });
  });

  it('tells visitors behind one address apart by their page id, and by browser when a page sends none', async () => {
    const owner = await createMemberWithCard(t());
    // Three phones at one venue address, each page with its own id.
    for (const visitor of ['stand-visitor-000000001', 'stand-visitor-000000002', 'stand-visitor-000000003']) {
      await send(owner.nfcUID, { type: 'view', source: 'qr', visitor });
      await send(owner.nfcUID, { type: 'view', source: 'qr', visitor });
    }
    // Pages built before the id: the address and browser stand for the visitor.
    await send(owner.nfcUID, { type: 'view', source: 'other' });
    await send(owner.nfcUID, { type: 'view', source: 'other' });
    await send(owner.nfcUID, { type: 'view', source: 'other' }, { userAgent: OTHER_PHONE });
    expect((await funnelOf(owner.accessToken)).profileViews).toBe(5);
    // A card is its own visit: the same visitor on another card counts there.
    const other = await createMemberWithCard(t());
    await send(other.nfcUID, { type: 'view', visitor: 'stand-visitor-000000001' });
    expect((await funnelOf(other.accessToken)).profileViews).toBe(1);
  });

  it('keeps neither the visitor id nor the address, and forgets visits and old salts', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = 'private-visitor-id-9999';
    await send(owner.nfcUID, { type: 'view', visitor });
    const kept = JSON.stringify({
      visits: await t().db.selectFrom('card_visits').selectAll().execute(),
      events: await t()
        .db.selectFrom('card_events')
        .selectAll()
        .where('nfc_uid', '=', owner.nfcUID)
        .execute(),
    });
    expect(kept).not.toContain(visitor);
    expect(kept).not.toContain('127.0.0.1');

    await t()
      .db.insertInto('card_visit_salts')
      .values({ day: '2020-01-01', salt: Buffer.alloc(32) })
      .execute();
    await letMinutesPass(t().db, 31);
    await forgetOldVisits(t().db, new Date());
    expect(await t().db.selectFrom('card_visits').selectAll().execute()).toEqual([]);
    const days = await t()
      .db.selectFrom('card_visit_salts')
      .select(sql<string>`day::text`.as('day'))
      .execute();
    expect(days.map((row) => row.day)).not.toContain('2020-01-01');
  });

  describe('the answers', () => {
    it('say from when these rules hold', async () => {
      const owner = await createMemberWithCard(t());
      const response = await t().app.inject({
        method: 'GET',
        url: '/api/user-analytics/engagement?range=7',
        headers: bearer(owner.accessToken),
      });
      const { countingSince, explanations } = EngagementAnalyticsSchema.parse(json(response));
      expect(Date.parse(countingSince)).toBeLessThanOrEqual(Date.now());
      expect(explanations.profileViews).toContain('not you');
      expect(explanations.totalEngagements).toContain('NFC scans are already among the views');
    });
  });
});
