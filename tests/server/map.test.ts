import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import {
  bearer,
  createMember,
  createMemberWithCard,
  databaseKinds,
  describeOnEachDatabase,
  json,
  startTestApp,
} from './helpers';

describeOnEachDatabase('contacts on the map', (t) => {
  const mapContacts = (token?: string) =>
    t().app.inject({
      method: 'GET',
      url: '/api/contact/mapContacts',
      headers: token ? bearer(token) : {},
    });
  const save = (token: string, nfcUID: string, place: { lat: number; lng: number } | null) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(token),
      payload: { nfcUID, ...place },
    });

  it("lists only the member's own contacts that have a location, with name and date added", async () => {
    const met = await createMemberWithCard(t(), { name: 'Grace Hopper' });
    const unlocated = await createMemberWithCard(t(), { name: 'Alan Turing' });
    const member = await createMember(t());
    const stranger = await createMember(t());
    const saved = await save(member.accessToken, met.nfcUID, { lat: 51.5, lng: -0.12 });
    await save(member.accessToken, unlocated.nfcUID, null);
    await save(stranger.accessToken, unlocated.nfcUID, { lat: 48.85, lng: 2.35 });

    const response = await mapContacts(member.accessToken);

    expect(response.statusCode).toBe(200);
    const contact = json<{ contact: { _id: string; connectedAt: string } }>(saved).contact;
    expect(json(response)).toEqual([
      { _id: contact._id, lat: 51.5, lng: -0.12, name: 'Grace Hopper', dateAdded: contact.connectedAt },
    ]);
  });

  it('answers an empty list to a member without located contacts', async () => {
    const member = await createMember(t());
    const response = await mapContacts(member.accessToken);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual([]);
  });

  it('requires a signed-in member', async () => {
    const missing = await mapContacts();
    expect(missing.statusCode).toBe(401);
    expect(json(missing)).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    const forged = await mapContacts('not-a-token');
    expect(forged.statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('the online map style ($name)', (kind) => {
  it('lets the page reach the map hosts named in MAP_ORIGINS', async () => {
    const t = await startTestApp(kind, {
      MAP_ORIGINS: 'https://tiles.example.com, https://fonts.example.org/glyphs/',
    });
    try {
      const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(csp).toContain("connect-src 'self' https://tiles.example.com https://fonts.example.org;");
      expect(csp).toContain(
        "img-src 'self' data: blob: https://tiles.example.com https://fonts.example.org;",
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a map origin that is not https', () => {
    expect(() => readConfig({ MAP_ORIGINS: 'http://tiles.example.com' })).toThrow(
      'MAP_ORIGINS must list https:// origins',
    );
  });
});
