import { randomBytes, randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  AnalyticsSummarySchema,
  CompaniesAnalyticsSchema,
  ConversionAnalyticsSchema,
  CountriesAnalyticsSchema,
  CUSTOM_RANGE_MESSAGES,
  EngagementAnalyticsSchema,
  GeographicalAnalyticsSchema,
  IndustriesAnalyticsSchema,
} from '../../contract/analytics';
import type { CardEventsTable, ContactsTable } from '../../server/platform/db/schema';
import { addDays, todayIn } from '../../server/platform/time';
import { bearer, describeOnEachDatabase, json, type TestContext, uniqueEmail } from './helpers';

const LYON = { lat: 45.764, lng: 4.8357, where_met: 'near Lyon, France' };
const PARIS = { lat: 48.8566, lng: 2.3522, where_met: 'near Paris, France' };
const LONDON = { lat: 51.5072, lng: -0.1276, where_met: 'near London, United Kingdom' };

/**
 * A verified member holding a card, written straight to the tables: these tests seed many members, and
 * registering each through the API would meet its rate limit. The token is a real one of the app's.
 */
async function seedMember(t: TestContext) {
  const { id } = await t.db
    .insertInto('users')
    .values({ name: 'Ada Lovelace', email: uniqueEmail(), password_hash: 'not used', is_verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nfcUID = `${randomBytes(20).toString('hex')}-${randomInt(1_000_000)}`;
  await t.db.insertInto('cards').values({ nfc_uid: nfcUID, user_id: id, claimed_at: new Date() }).execute();
  const accessToken = await t.app.ctx.tokens.signAccessToken({ userId: id, role: 'user' });
  return { id, nfcUID, accessToken };
}

/** Contacts saved by `ownerId`, written straight to the table so their save time can be chosen. */
type SeedContact = Omit<Partial<Insertable<ContactsTable>>, 'connected_at'> & { connected_at?: string };

async function addContacts(t: TestContext, ownerId: string, contacts: SeedContact[]) {
  await t.db
    .insertInto('contacts')
    .values(
      contacts.map(({ connected_at, ...contact }, index) => ({
        owner_id: ownerId,
        name: `Contact ${index}`,
        ...contact,
        ...(connected_at ? { connected_at: new Date(connected_at) } : {}),
      })),
    )
    .execute();
}

async function addEvents(
  t: TestContext,
  owner: { id: string; nfcUID: string },
  events: {
    type: CardEventsTable['type'];
    at: string;
    source?: 'nfc' | 'qr' | 'link' | 'other';
    times?: number;
  }[],
) {
  const rows = events.flatMap(({ type, at, source, times = 1 }) =>
    Array.from({ length: times }, () => ({
      nfc_uid: owner.nfcUID,
      card_owner_id: owner.id,
      type,
      referrer: 'none',
      is_mobile: true,
      source: source ?? (type === 'tap' ? ('nfc' as const) : ('other' as const)),
      occurred_at: new Date(at),
    })),
  );
  await t.db.insertInto('card_events').values(rows).execute();
}

/** Noon UTC `daysAgo` days before today (UTC). */
function daysAgo(days: number): string {
  return `${addDays(todayIn('UTC', new Date()), -days)}T12:00:00Z`;
}

describeOnEachDatabase('member analytics', (t) => {
  const get = (token: string | undefined, url: string) =>
    t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  const memberWithCard = () => seedMember(t());

  describe('summary', () => {
    it('computes every figure of the last week against the week before', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [
        { connected_at: daysAgo(0), company: 'Acme', role: 'Engineer', ...LYON },
        { connected_at: daysAgo(0), company: 'acme ', ...LYON },
        { connected_at: daysAgo(3), company: 'Globex', ...LONDON },
        { connected_at: daysAgo(10), company: 'Initech' },
        { connected_at: daysAgo(40), company: '' },
      ]);

      const response = await get(member.accessToken, '/api/insights/analytics-summary?range=week');

      expect(response.statusCode).toBe(200);
      const summary = AnalyticsSummarySchema.parse(json(response));
      const today = todayIn('UTC', new Date());
      expect(summary).toMatchObject({
        totalConnections: 5,
        weeklyConnections: 3,
        rangeConnections: 3,
        range: 'week',
        timeRangeDays: 7,
        networkingVelocity: 3,
        primaryLocation: 'near Lyon, France',
        peakDay: today,
        peakDayConnections: 2,
        topCountry: 'France',
        trend: 200,
        // Acme (twice, spelt two ways) and Globex among 3 contacts naming a company, by the range's end.
        networkDiversity: { diversityScore: 75, uniqueCompanies: 3 },
        activityUnit: 'day',
        period: { startDate: addDays(today, -6), endDate: today, days: 7, timezone: 'UTC' },
        previousPeriod: { startDate: addDays(today, -13), endDate: addDays(today, -7), days: 7 },
        previous: {
          rangeConnections: 1,
          networkingVelocity: 1,
          networkDiversity: { diversityScore: 100, uniqueCompanies: 1 },
        },
      });
      expect(summary.monthlyActivity.map((bar) => bar.count)).toEqual([0, 0, 0, 1, 0, 0, 2]);
      // 10 days ago is the 4th day of the previous week, set beside the 4th day of this one.
      expect(summary.monthlyActivity.map((bar) => bar.previousCount)).toEqual([0, 0, 0, 1, 0, 0, 0]);
      const [year, month, day] = today.split('-').map(Number);
      expect(summary.monthlyActivity.at(-1)?._id).toEqual({ year, month, day });
      expect(summary.peakNetworkingDay).toBe(
        new Date(`${today}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }),
      );
      expect(summary.explanations.networkingVelocity).toBe(
        'Networking velocity: new contacts per week over the range.',
      );
    });

    it('answers zeros, nulls and empty bars to a member with no contacts, never NaN', async () => {
      const member = await seedMember(t());
      const response = await get(member.accessToken, '/api/insights/analytics-summary');
      const summary = AnalyticsSummarySchema.parse(json(response));
      expect(summary).toMatchObject({
        totalConnections: 0,
        rangeConnections: 0,
        range: 'week',
        networkingVelocity: 0,
        primaryLocation: null,
        peakNetworkingDay: null,
        peakDay: null,
        topCountry: null,
        trend: 0,
        networkDiversity: { diversityScore: 0, uniqueCompanies: 0 },
      });
      expect(summary.monthlyActivity).toHaveLength(7);
      expect(summary.monthlyActivity.every((bar) => bar.count === 0 && bar.previousCount === 0)).toBe(true);
    });

    it('says "new" rather than Infinity when the previous period had no contacts', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [{ connected_at: daysAgo(1) }]);
      const summary = json(await get(member.accessToken, '/api/insights/analytics-summary?range=month'));
      expect(summary).toMatchObject({ trend: 'new', rangeConnections: 1, timeRangeDays: 30 });
    });

    it('draws weekly bars for a quarter and monthly bars for a year, each covering the whole range', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [{ connected_at: daysAgo(0) }, { connected_at: daysAgo(100) }]);
      for (const [range, unit, days] of [
        ['quarter', 'week', 90],
        ['year', 'month', 365],
      ] as const) {
        const summary = AnalyticsSummarySchema.parse(
          json(await get(member.accessToken, `/api/insights/analytics-summary?range=${range}`)),
        );
        expect(summary.activityUnit).toBe(unit);
        const bars = summary.monthlyActivity;
        expect(bars[0]?.startDate).toBe(summary.period.startDate);
        expect(bars.at(-1)?.endDate).toBe(summary.period.endDate);
        expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(summary.rangeConnections);
        expect(summary.timeRangeDays).toBe(days);
        if (unit === 'week') {
          expect(bars.length).toBeGreaterThanOrEqual(13);
          expect(bars.every((bar) => bar._id.week !== undefined && bar._id.day === undefined)).toBe(true);
          expect(summary.previous.rangeConnections).toBe(1);
        } else {
          expect(bars.length).toBeGreaterThanOrEqual(12);
          expect(bars.every((bar) => bar._id.week === undefined && bar._id.day === undefined)).toBe(true);
        }
      }
    });
  });

  describe('user analytics over chosen dates', () => {
    const range = 'startDate=2026-03-01&endDate=2026-03-10';

    it('counts countries from the coordinates, with Unknown for contacts without a place', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [
        { connected_at: '2026-03-02T10:00:00Z', ...LYON },
        { connected_at: '2026-03-05T10:00:00Z', ...PARIS },
        { connected_at: '2026-03-09T10:00:00Z', ...LONDON },
        { connected_at: '2026-03-10T10:00:00Z' },
        // The previous period (20–28 February) and after the range.
        { connected_at: '2026-02-25T10:00:00Z', ...LONDON },
        { connected_at: '2026-03-11T10:00:00Z', ...LYON },
      ]);

      const response = await get(member.accessToken, `/api/user-analytics/countries?${range}`);

      expect(response.statusCode).toBe(200);
      const answer = CountriesAnalyticsSchema.parse(json(response));
      expect(answer.countries).toEqual([
        { country: 'France', countryCode: 'FR', count: 2, percentage: 50, previousCount: 0 },
        { country: 'United Kingdom', countryCode: 'GB', count: 1, percentage: 25, previousCount: 1 },
        { country: 'Unknown', countryCode: null, count: 1, percentage: 25, previousCount: 0 },
      ]);
      expect(answer.totalContacts).toBe(4);
      expect(answer.previous).toEqual({ totalContacts: 1 });
      expect(answer.period).toEqual({
        startDate: '2026-03-01',
        endDate: '2026-03-10',
        days: 10,
        timezone: 'UTC',
      });
      expect(answer.previousPeriod).toMatchObject({
        startDate: '2026-02-19',
        endDate: '2026-02-28',
        days: 10,
      });
    });

    it('groups companies and roles whatever their case, most first, and counts those without', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [
        { connected_at: '2026-03-02T10:00:00Z', company: 'Acme', role: 'Engineer' },
        { connected_at: '2026-03-03T10:00:00Z', company: 'ACME', role: 'engineer' },
        { connected_at: '2026-03-04T10:00:00Z', company: 'Acme', role: 'Designer' },
        { connected_at: '2026-03-05T10:00:00Z', company: 'Globex', role: '' },
        { connected_at: '2026-03-06T10:00:00Z', company: '', role: 'Founder' },
        { connected_at: '2026-02-27T10:00:00Z', company: 'Globex', role: 'Founder' },
      ]);

      const companies = CompaniesAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/companies?${range}`)),
      );
      expect(companies.companies).toEqual([
        { company: 'Acme', count: 3, previousCount: 0 },
        { company: 'Globex', count: 1, previousCount: 1 },
      ]);
      expect(companies).toMatchObject({
        totalContacts: 5,
        withoutCompany: 1,
        previous: { totalContacts: 1 },
      });

      const industries = IndustriesAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/industries?${range}`)),
      );
      expect(industries.industries).toEqual([
        { role: 'Engineer', count: 2, previousCount: 0 },
        { role: 'Designer', count: 1, previousCount: 0 },
        { role: 'Founder', count: 1, previousCount: 1 },
      ]);
      expect(industries.withoutRole).toBe(1);
    });

    it('counts engagement per day, every day present, with totals that add no tap to its view, and the previous period', async () => {
      const member = await memberWithCard();
      await addEvents(t(), member, [
        { type: 'view', at: '2026-03-01T08:00:00Z', times: 3 },
        { type: 'tap', at: '2026-03-01T08:00:00Z', times: 2 },
        { type: 'link_click', at: '2026-03-04T08:00:00Z' },
        { type: 'save', at: '2026-03-10T23:59:59Z' },
        { type: 'view', at: '2026-02-19T00:00:00Z', times: 4 },
        { type: 'view', at: '2026-03-11T00:00:00Z', times: 9 },
      ]);

      const answer = EngagementAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/engagement?${range}`)),
      );

      expect(answer.engagementData).toHaveLength(10);
      expect(answer.engagementData[0]).toEqual({
        date: '2026-03-01',
        profileViews: 3,
        nfcScans: 2,
        verifiedTaps: 0,
        linkClicks: 0,
        contactSaves: 0,
      });
      expect(answer.engagementData[1]).toEqual({
        date: '2026-03-02',
        profileViews: 0,
        nfcScans: 0,
        verifiedTaps: 0,
        linkClicks: 0,
        contactSaves: 0,
      });
      expect(answer.engagementData[3]?.linkClicks).toBe(1);
      expect(answer.engagementData[9]).toMatchObject({ date: '2026-03-10', contactSaves: 1 });
      expect(answer.summary).toEqual({
        totalProfileViews: 3,
        totalNfcScans: 2,
        totalVerifiedTaps: 0,
        totalLinkClicks: 1,
        totalContactSaves: 1,
        // 3 views + 1 link click + 1 save: the 2 taps are how 2 of the views came.
        totalEngagements: 5,
        avgDailyEngagement: 0.5,
      });
      expect(answer.previous.engagementData[0]).toMatchObject({ date: '2026-02-19', profileViews: 4 });
      expect(answer.previous.summary.totalEngagements).toBe(4);
      expect(answer.trend).toBe(25);
    });

    it('builds the funnel and its rates, and answers 0 rather than NaN for empty denominators', async () => {
      const member = await memberWithCard();
      await addEvents(t(), member, [
        { type: 'tap', at: '2026-03-02T08:00:00Z', times: 4 },
        { type: 'view', at: '2026-03-02T08:00:00Z', source: 'nfc', times: 4 },
        { type: 'view', at: '2026-03-03T08:00:00Z', source: 'qr', times: 3 },
        { type: 'view', at: '2026-03-03T08:00:00Z', source: 'link', times: 2 },
        { type: 'view', at: '2026-03-03T08:00:00Z', source: 'other', times: 1 },
        { type: 'save', at: '2026-03-03T08:00:00Z', source: 'nfc', times: 2 },
        { type: 'save', at: '2026-03-03T08:00:00Z', source: 'qr', times: 1 },
      ]);

      const answer = ConversionAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/conversion?${range}`)),
      );

      expect(answer.conversionFunnel).toEqual({ nfcScans: 4, profileViews: 10, contactSaves: 3 });
      expect(answer.conversionRates).toEqual({ scanSuccess: 30, scanToContact: 75, scanToView: 250 });
      expect(answer.viewSources).toEqual([
        { source: 'nfc', views: 4, percentage: 40, saves: 2, saveRate: 50 },
        { source: 'qr', views: 3, percentage: 30, saves: 1, saveRate: 33.3 },
        { source: 'link', views: 2, percentage: 20, saves: 0, saveRate: 0 },
        { source: 'other', views: 1, percentage: 10, saves: 0, saveRate: 0 },
      ]);
      expect(answer.previous).toEqual({
        conversionFunnel: { nfcScans: 0, profileViews: 0, contactSaves: 0 },
        conversionRates: { scanSuccess: 0, scanToContact: 0, scanToView: 0 },
        viewSources: ['nfc', 'qr', 'link', 'other'].map((source) => ({
          source,
          views: 0,
          percentage: 0,
          saves: 0,
          saveRate: 0,
        })),
      });
    });

    it('gives the view sources of the previous period beside this one’s', async () => {
      const member = await memberWithCard();
      await addEvents(t(), member, [
        { type: 'view', at: '2026-03-02T08:00:00Z', source: 'qr', times: 2 },
        { type: 'view', at: '2026-02-25T08:00:00Z', source: 'qr', times: 1 },
        { type: 'view', at: '2026-02-26T08:00:00Z', source: 'link', times: 3 },
        { type: 'save', at: '2026-02-26T08:00:00Z', source: 'link', times: 1 },
      ]);

      const answer = ConversionAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/conversion?${range}`)),
      );

      const sources = (list: typeof answer.viewSources) =>
        list.map(({ source, views, percentage, saveRate }) => [source, views, percentage, saveRate]);
      expect(sources(answer.viewSources)).toEqual([
        ['nfc', 0, 0, 0],
        ['qr', 2, 100, 0],
        ['link', 0, 0, 0],
        ['other', 0, 0, 0],
      ]);
      expect(sources(answer.previous.viewSources)).toEqual([
        ['nfc', 0, 0, 0],
        ['qr', 1, 25, 0],
        ['link', 3, 75, 33.3],
        ['other', 0, 0, 0],
      ]);
    });

    it('lists the places where contacts were met, with a summary', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [
        { connected_at: '2026-03-02T10:00:00Z', ...LYON },
        { connected_at: '2026-03-03T10:00:00Z', ...LYON, lat: 45.766, lng: 4.8377 },
        { connected_at: '2026-03-04T10:00:00Z', ...LONDON },
        { connected_at: '2026-03-05T10:00:00Z' },
        { connected_at: '2026-02-20T10:00:00Z', ...PARIS },
      ]);

      const response = await get(
        member.accessToken,
        `/api/user-analytics/geographical?${range}&dataType=contacts`,
      );

      const answer = GeographicalAnalyticsSchema.parse(json(response));
      expect(answer.geoData).toEqual([
        {
          place: 'near Lyon, France',
          country: 'France',
          countryCode: 'FR',
          lat: 45.765,
          lng: 4.8367,
          count: 2,
        },
        {
          place: 'near London, United Kingdom',
          country: 'United Kingdom',
          countryCode: 'GB',
          lat: LONDON.lat,
          lng: LONDON.lng,
          count: 1,
        },
      ]);
      expect(answer.summary).toEqual({
        totalContacts: 4,
        contactsWithLocation: 3,
        countries: 2,
        topCountry: 'France',
        topPlace: 'near Lyon, France',
      });
      expect(answer.previous.summary).toEqual({
        totalContacts: 1,
        contactsWithLocation: 1,
        countries: 1,
        topCountry: 'France',
        topPlace: 'near Paris, France',
      });
    });
  });

  describe('days, time zones and year boundaries', () => {
    it("counts an evening in the member's own time zone on the member's own day", async () => {
      const member = await memberWithCard();
      // 23:30 UTC on 10 March is 00:30 on 11 March in Paris and 19:30 on 10 March in New York.
      await addContacts(t(), member.id, [{ connected_at: '2026-03-10T23:30:00Z', company: 'Acme' }]);
      await addEvents(t(), member, [{ type: 'view', at: '2026-03-10T23:30:00Z' }]);
      const day = (timezone: string) =>
        `startDate=2026-03-11&endDate=2026-03-11&timezone=${encodeURIComponent(timezone)}`;

      const inParis = json(
        await get(member.accessToken, `/api/user-analytics/companies?${day('Europe/Paris')}`),
      );
      const inUtc = json(await get(member.accessToken, `/api/user-analytics/companies?${day('UTC')}`));
      const inNewYork = json(
        await get(member.accessToken, `/api/user-analytics/engagement?${day('America/New_York')}`),
      );
      const viewsInParis = json(
        await get(member.accessToken, `/api/user-analytics/engagement?${day('Europe/Paris')}`),
      );

      expect(inParis).toMatchObject({ totalContacts: 1, period: { timezone: 'Europe/Paris' } });
      expect(inUtc).toMatchObject({ totalContacts: 0, companies: [] });
      expect(inNewYork).toMatchObject({ summary: { totalProfileViews: 0 } });
      expect(viewsInParis).toMatchObject({ summary: { totalProfileViews: 1 } });
    });

    it('keeps local days whole across a daylight-saving change', async () => {
      const member = await memberWithCard();
      // Paris moves its clocks forward on 29 March 2026: that day has 23 hours.
      await addEvents(t(), member, [
        { type: 'view', at: '2026-03-28T23:30:00Z' }, // 00:30 on the 29th in Paris
        { type: 'view', at: '2026-03-29T21:30:00Z' }, // 23:30 on the 29th in Paris
        { type: 'view', at: '2026-03-29T22:30:00Z' }, // 00:30 on the 30th in Paris
      ]);
      const answer = EngagementAnalyticsSchema.parse(
        json(
          await get(
            member.accessToken,
            '/api/user-analytics/engagement?startDate=2026-03-29&endDate=2026-03-30&timezone=Europe/Paris',
          ),
        ),
      );
      expect(answer.engagementData.map((day) => [day.date, day.profileViews])).toEqual([
        ['2026-03-29', 2],
        ['2026-03-30', 1],
      ]);
    });

    it('splits an hour between two local days where the offset is not whole hours (India)', async () => {
      const member = await memberWithCard();
      // In Kolkata (UTC+5:30) 18:15 UTC is 23:45 on 10 March and 18:45 UTC is 00:15 on 11 March.
      await addEvents(t(), member, [
        { type: 'view', at: '2026-03-10T18:15:00Z', source: 'qr' },
        { type: 'view', at: '2026-03-10T18:45:00Z', source: 'qr' },
        { type: 'save', at: '2026-03-10T18:45:00Z', source: 'qr' },
      ]);
      const query = 'startDate=2026-03-10&endDate=2026-03-11&timezone=Asia/Kolkata';
      const engagement = EngagementAnalyticsSchema.parse(
        json(await get(member.accessToken, `/api/user-analytics/engagement?${query}`)),
      );
      expect(engagement.engagementData.map((day) => [day.date, day.profileViews, day.contactSaves])).toEqual([
        ['2026-03-10', 1, 0],
        ['2026-03-11', 1, 1],
      ]);
      const lastDay = ConversionAnalyticsSchema.parse(
        json(
          await get(
            member.accessToken,
            '/api/user-analytics/conversion?startDate=2026-03-11&endDate=2026-03-11&timezone=Asia/Kolkata',
          ),
        ),
      );
      expect(lastDay.conversionFunnel).toEqual({ nfcScans: 0, profileViews: 1, contactSaves: 1 });
      expect(lastDay.previous.conversionFunnel).toEqual({ nfcScans: 0, profileViews: 1, contactSaves: 0 });
    });

    it('runs a range across New Year with every date in order', async () => {
      const member = await memberWithCard();
      await addEvents(t(), member, [
        { type: 'save', at: '2025-12-31T23:00:00Z' },
        { type: 'save', at: '2026-01-01T01:00:00Z' },
      ]);
      await addContacts(t(), member.id, [{ connected_at: '2025-12-31T23:00:00Z', company: 'Acme' }]);
      const answer = EngagementAnalyticsSchema.parse(
        json(
          await get(
            member.accessToken,
            '/api/user-analytics/engagement?startDate=2025-12-30&endDate=2026-01-02',
          ),
        ),
      );
      expect(answer.engagementData.map((day) => [day.date, day.contactSaves])).toEqual([
        ['2025-12-30', 0],
        ['2025-12-31', 1],
        ['2026-01-01', 1],
        ['2026-01-02', 0],
      ]);
      expect(answer.previousPeriod).toMatchObject({ startDate: '2025-12-26', endDate: '2025-12-29' });
      // In Tokyo (UTC+9) both saves fall on New Year's Day.
      const inTokyo = EngagementAnalyticsSchema.parse(
        json(
          await get(
            member.accessToken,
            '/api/user-analytics/engagement?startDate=2025-12-30&endDate=2026-01-02&timezone=Asia/Tokyo',
          ),
        ),
      );
      expect(inTokyo.engagementData.map((day) => day.contactSaves)).toEqual([0, 0, 2, 0]);
    });

    it('covers 7, 30 and 90 days or 1 January to today, and 30 days when nothing is named', async () => {
      const member = await seedMember(t());
      const today = todayIn('UTC', new Date());
      const periodOf = async (query: string) =>
        EngagementAnalyticsSchema.parse(
          json(await get(member.accessToken, `/api/user-analytics/engagement${query}`)),
        ).period;
      expect(await periodOf('?range=7')).toMatchObject({
        startDate: addDays(today, -6),
        endDate: today,
        days: 7,
      });
      expect(await periodOf('?range=90')).toMatchObject({ startDate: addDays(today, -89), days: 90 });
      expect(await periodOf('')).toMatchObject({ startDate: addDays(today, -29), days: 30 });
      expect(await periodOf('?range=ytd')).toMatchObject({
        startDate: `${today.slice(0, 4)}-01-01`,
        endDate: today,
      });
    });
  });

  describe('validation', () => {
    it.each([
      ['/api/insights/analytics-summary?range=day', 'range must be week, month, quarter or year'],
      ['/api/user-analytics/countries?range=14', 'range must be 7, 30, 90 or ytd'],
      ['/api/user-analytics/countries?startDate=2026-03-01', 'startDate and endDate must be given together'],
      [
        '/api/user-analytics/countries?startDate=2026-03-10&endDate=2026-03-01',
        CUSTOM_RANGE_MESSAGES.startAfterEnd,
      ],
      [
        '/api/user-analytics/countries?startDate=2026-02-30&endDate=2026-03-01',
        'startDate must be a real date written YYYY-MM-DD',
      ],
      [
        '/api/user-analytics/companies?startDate=10/03/2026&endDate=2026-03-11',
        'startDate must be a real date written YYYY-MM-DD',
      ],
      [
        '/api/user-analytics/engagement?startDate=2020-01-01&endDate=2026-01-01',
        CUSTOM_RANGE_MESSAGES.tooLong,
      ],
      [
        '/api/user-analytics/engagement?startDate=1999-12-31&endDate=2000-01-01',
        CUSTOM_RANGE_MESSAGES.tooEarly,
      ],
      [
        '/api/user-analytics/conversion?range=7&startDate=2026-03-01&endDate=2026-03-02',
        'Give either range or startDate and endDate, not both',
      ],
      [
        '/api/user-analytics/industries?range=7&timezone=Mars/Olympus',
        'timezone must be an IANA time zone such as Europe/Paris or UTC',
      ],
      [
        '/api/insights/analytics-summary?timezone=%27%3B%20DROP%20TABLE%20contacts',
        'timezone must be an IANA time zone such as Europe/Paris or UTC',
      ],
      ['/api/user-analytics/geographical?range=7&dataType=events', 'dataType must be contacts'],
      [
        '/api/user-analytics/export?range=7&type=everything',
        'type must be countries, companies, industries, engagement, conversion or geographical',
      ],
      ['/api/user-analytics/export?range=7', 'type is required'],
    ])('%s answers 400: %s', async (url, message) => {
      const member = await seedMember(t());
      const response = await get(member.accessToken, url);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(json(response))).toContain(message);
    });
  });

  describe('ownership', () => {
    it('shows a member only their own contacts and card events, and nothing without a token', async () => {
      const owner = await memberWithCard();
      const other = await memberWithCard();
      await addContacts(t(), owner.id, [{ connected_at: daysAgo(1), company: 'Acme', ...LYON }]);
      await addEvents(t(), owner, [{ type: 'view', at: daysAgo(1), times: 5 }]);

      for (const path of ['countries', 'companies', 'industries']) {
        const answer = json(await get(other.accessToken, `/api/user-analytics/${path}?range=7`));
        expect(answer).toMatchObject({ totalContacts: 0 });
      }
      expect(json(await get(other.accessToken, '/api/user-analytics/geographical?range=7'))).toMatchObject({
        geoData: [],
        summary: { totalContacts: 0 },
      });
      expect(json(await get(other.accessToken, '/api/user-analytics/engagement?range=7'))).toMatchObject({
        summary: { totalEngagements: 0 },
      });
      expect(json(await get(other.accessToken, '/api/insights/analytics-summary'))).toMatchObject({
        totalConnections: 0,
      });
      const csv = await get(other.accessToken, '/api/user-analytics/export?range=7&type=companies');
      expect(csv.body).not.toContain('Acme');
      expect(json(await get(owner.accessToken, '/api/user-analytics/companies?range=7'))).toMatchObject({
        companies: [{ company: 'Acme', count: 1 }],
      });

      for (const url of [
        '/api/insights/analytics-summary',
        '/api/user-analytics/countries',
        '/api/user-analytics/export?type=countries',
      ]) {
        const response = await get(undefined, url);
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('CSV export', () => {
    it('downloads a UTF-8 file named after its type and dates, every row, formulas made inert', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [
        { connected_at: '2026-03-02T10:00:00Z', company: '=HYPERLINK("https://evil.example","Click")' },
        { connected_at: '2026-03-03T10:00:00Z', company: ' +SUM(A1:A9)' },
        { connected_at: '2026-03-04T10:00:00Z', company: '\u00a0@cmd' },
        { connected_at: '2026-03-05T10:00:00Z', company: 'Zoë & Co\n=1+1' },
        { connected_at: '2026-03-06T10:00:00Z', company: 'Société, "Générale"' },
      ]);

      const response = await get(
        member.accessToken,
        '/api/user-analytics/export?type=companies&startDate=2026-03-01&endDate=2026-03-10',
      );

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="tapnet-analytics-companies-2026-03-01-to-2026-03-10.csv"',
      );
      expect(response.body.startsWith('\uFEFFcompany,count,previousCount\r\n')).toBe(true);
      const body = response.body;
      expect(body).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")",1,0\r\n`);
      // Names are counted without their surrounding spaces; a no-break space stays and is looked behind.
      expect(body).toContain("'+SUM(A1:A9),1,0\r\n");
      expect(body).toContain("'\u00a0@cmd,1,0\r\n");
      expect(body).toContain(`"Zoë & Co\n'=1+1",1,0\r\n`);
      expect(body).toContain(`"Société, ""Générale""",1,0\r\n`);
    });

    it('exports each kind of figure with its own columns', async () => {
      const member = await memberWithCard();
      await addContacts(t(), member.id, [{ connected_at: '2026-03-02T10:00:00Z', role: 'CTO', ...LONDON }]);
      await addEvents(t(), member, [{ type: 'view', at: '2026-03-02T10:00:00Z', source: 'qr' }]);
      const rowsOf = async (type: string) => {
        const response = await get(
          member.accessToken,
          `/api/user-analytics/export?type=${type}&startDate=2026-03-01&endDate=2026-03-03`,
        );
        expect(response.statusCode).toBe(200);
        return response.body.slice(1).split('\r\n').filter(Boolean);
      };
      expect(await rowsOf('countries')).toEqual([
        'country,countryCode,count,percentage,previousCount',
        'United Kingdom,GB,1,100,0',
      ]);
      expect(await rowsOf('industries')).toEqual(['role,count,previousCount', 'CTO,1,0']);
      expect(await rowsOf('engagement')).toEqual([
        'date,profileViews,nfcScans,verifiedTaps,linkClicks,contactSaves',
        '2026-03-01,0,0,0,0,0',
        '2026-03-02,1,0,0,0,0',
        '2026-03-03,0,0,0,0,0',
      ]);
      expect(await rowsOf('conversion')).toContain('views from qr,1,0');
      expect(await rowsOf('geographical')).toEqual([
        'place,country,countryCode,lat,lng,count',
        `near London, United Kingdom,United Kingdom,GB,${LONDON.lat},${LONDON.lng},1`.replace(
          'near London, United Kingdom',
          '"near London, United Kingdom"',
        ),
      ]);
    });
  });

  describe('card page sources', () => {
    it('tells NFC taps, QR codes, shared links and other openings apart', async () => {
      const member = await memberWithCard();
      const send = (payload: object) =>
        t().app.inject({ method: 'POST', url: `/api/nfc/${member.nfcUID}/events`, payload });
      // Four visitors: each one's openings count once (tests/server/card-visits.test.ts).
      const [tapper, scanner, reader, oldPage] = ['tapper', 'scanner', 'reader', 'old-page'].map(
        (name) => `${name}-visitor-0123456789`,
      );
      for (const payload of [
        { type: 'view', source: 'nfc', visitor: tapper },
        { type: 'tap', source: 'nfc', visitor: tapper },
        { type: 'view', source: 'qr', visitor: scanner },
        { type: 'view', source: 'link', visitor: reader },
        { type: 'save', source: 'qr', visitor: scanner },
        // A page built before sources existed.
        { type: 'view', visitor: oldPage },
        { type: 'tap', visitor: oldPage },
      ]) {
        expect((await send(payload)).statusCode).toBe(204);
      }
      expect((await send({ type: 'view', source: 'email' })).statusCode).toBe(400);

      const answer = ConversionAnalyticsSchema.parse(
        json(await get(member.accessToken, '/api/user-analytics/conversion?range=7')),
      );
      expect(answer.conversionFunnel).toEqual({ nfcScans: 2, profileViews: 4, contactSaves: 1 });
      expect(answer.viewSources.map(({ source, views, saves }) => [source, views, saves])).toEqual([
        ['nfc', 1, 0],
        ['qr', 1, 1],
        ['link', 1, 0],
        ['other', 1, 0],
      ]);
    });
  });
});
