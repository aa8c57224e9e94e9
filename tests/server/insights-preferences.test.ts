import { expect, it } from 'vitest';
import { INDUSTRY_LIMIT_MESSAGE, TECHNOLOGY_LIMIT_MESSAGE } from '../../contract/insights';
import { createMember, json } from './helpers';
import { describeInsights, insightCalls, type Json } from './insights-helpers';

const FULL_PREFERENCES = {
  industries: ['Technology', 'Finance', 'Healthcare'],
  technologies: ['Artificial Intelligence', 'Cloud Computing', 'Cybersecurity', 'Blockchain', 'Fintech'],
  companies: ['Acme', 'Globex'],
  eventTypes: ['Conference', 'Meetup'],
  businessStages: ['Seed', 'Series A'],
  customInterests: 'open banking, payments',
  locationPreferences: {
    useCurrentLocation: false,
    preferredCountries: ['Germany'],
    preferredCities: ['Berlin'],
    locationOverride: { country: 'United Kingdom', city: 'London' },
  },
};

describeInsights(
  'insight preferences',
  () => ({}),
  (t) => {
    const { getPreferences, savePreferences } = insightCalls(t);

    it('answers the defaults, with no saved time, to a member who never saved', async () => {
      const member = await createMember(t());
      const response = await getPreferences(member.accessToken);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        preferences: {
          industries: [],
          technologies: [],
          companies: [],
          eventTypes: [],
          businessStages: [],
          customInterests: '',
          locationPreferences: {
            useCurrentLocation: true,
            preferredCountries: [],
            preferredCities: [],
            locationOverride: { country: '', city: '' },
          },
        },
        updatedAt: null,
      });
    });

    it('stores every field, drops jobRoles, and answers the same set on the next read', async () => {
      const member = await createMember(t());
      const saved = await savePreferences(member.accessToken, { ...FULL_PREFERENCES, jobRoles: ['CTO'] });
      expect(saved.statusCode).toBe(200);
      expect(json(saved).preferences).toEqual(FULL_PREFERENCES);
      const read = json<{ preferences: Json; updatedAt: string }>(await getPreferences(member.accessToken));
      expect(read.preferences).toEqual(FULL_PREFERENCES);
      expect(Date.parse(read.updatedAt)).not.toBeNaN();
      const row = await t()
        .db.selectFrom('insight_preferences')
        .select('preferences')
        .innerJoin('users', 'users.id', 'insight_preferences.user_id')
        .where('users.email', '=', member.email)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row.preferences)).not.toContain('jobRoles');
    });

    it('refuses a fourth industry with the spec message and keeps what was stored', async () => {
      const member = await createMember(t());
      await savePreferences(member.accessToken, FULL_PREFERENCES);
      const refused = await savePreferences(member.accessToken, {
        ...FULL_PREFERENCES,
        industries: ['Technology', 'Finance', 'Healthcare', 'Retail'],
        companies: ['Changed'],
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [INDUSTRY_LIMIT_MESSAGE] });
      expect(json(await getPreferences(member.accessToken)).preferences).toEqual(FULL_PREFERENCES);
    });

    it('refuses a sixth technology with the spec message and stores nothing for a new member', async () => {
      const member = await createMember(t());
      const refused = await savePreferences(member.accessToken, {
        technologies: [
          'Artificial Intelligence',
          'Cloud Computing',
          'Cybersecurity',
          'Blockchain',
          'Fintech',
          '5G',
        ],
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).errors).toEqual([TECHNOLOGY_LIMIT_MESSAGE]);
      expect(json(await getPreferences(member.accessToken)).updatedAt).toBeNull();
    });

    it('counts a value sent twice once against the limit', async () => {
      const member = await createMember(t());
      const saved = await savePreferences(member.accessToken, {
        industries: ['Technology', 'Technology', 'Finance', 'Healthcare'],
      });
      expect(saved.statusCode).toBe(200);
      expect(json(saved).preferences).toMatchObject({ industries: ['Technology', 'Finance', 'Healthcare'] });
    });

    it('refuses values outside the option lists, and a city of another country', async () => {
      const member = await createMember(t());
      const unknownIndustry = await savePreferences(member.accessToken, { industries: ['Alchemy'] });
      expect(unknownIndustry.statusCode).toBe(400);
      expect(json(unknownIndustry).errors).toEqual(['Unknown industry']);
      const wrongCity = await savePreferences(member.accessToken, {
        locationPreferences: {
          useCurrentLocation: false,
          locationOverride: { country: 'France', city: 'Berlin' },
        },
      });
      expect(wrongCity.statusCode).toBe(400);
      expect(json(wrongCity).errors).toEqual(['The city must be one of the cities of the chosen country']);
      const noCityList = await savePreferences(member.accessToken, {
        locationPreferences: {
          useCurrentLocation: false,
          locationOverride: { country: 'Kenya', city: 'Nairobi' },
        },
      });
      expect(noCityList.statusCode).toBe(400);
      expect(json(await getPreferences(member.accessToken)).updatedAt).toBeNull();
    });

    it('asks for a signed-in member', async () => {
      const anonymous = await t().app.inject({ method: 'GET', url: '/api/user/insight-preferences' });
      expect(anonymous.statusCode).toBe(401);
      const anonymousSave = await t().app.inject({
        method: 'POST',
        url: '/api/user/insight-preferences',
        payload: FULL_PREFERENCES,
      });
      expect(anonymousSave.statusCode).toBe(401);
    });
  },
);
