import { describe, expect, it } from 'vitest';
import { ContactListSchema, CreateContactResponseSchema } from '../../contract/contacts';
import { MapStyleSchema } from '../../contract/map';
import { backfillPlaceWords } from '../../server/modules/contacts/place-backfill';
import { readConfig } from '../../server/platform/config';
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
      {
        _id: contact._id,
        lat: 51.5,
        lng: -0.12,
        name: 'Grace Hopper',
        dateAdded: contact.connectedAt,
        whereMet: 'near London, United Kingdom',
        event: null,
      },
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

// The words come from the offline geocoder (server/platform/geo/place-words.ts) with no network involved.
describeOnEachDatabase('where they met, as words', (t) => {
  const save = (token: string, payload: Record<string, unknown>, idempotencyKey?: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: { ...bearer(token), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload,
    });
  const listContacts = async (token: string) => {
    const response = await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(token) });
    return ContactListSchema.parse(json(response));
  };

  it('names the town near where they met when the contact is saved, in the list as well', async () => {
    const owner = await createMemberWithCard(t(), { name: 'Ada Lovelace' });
    const visitor = await createMember(t());
    const saved = await save(visitor.accessToken, { nfcUID: owner.nfcUID, lat: 45.764, lng: 4.8357 });
    expect(saved.statusCode).toBe(201);
    expect(CreateContactResponseSchema.parse(json(saved)).contact.whereMet).toBe('near Lyon, France');
    const [listed] = await listContacts(visitor.accessToken);
    expect(listed?.whereMet).toBe('near Lyon, France');
  });

  it('names the place of a save replayed from the outbox as { nfcUID, lat, lng }', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const payload = { nfcUID: owner.nfcUID, lat: 35.6762, lng: 139.6503 };
    const replayed = await save(visitor.accessToken, payload, 'offline-place-0001');
    expect(CreateContactResponseSchema.parse(json(replayed)).contact.whereMet).toBe('near Tokyo, Japan');
    const again = await save(visitor.accessToken, payload, 'offline-place-0001');
    expect(json(again)).toEqual(json(replayed));
  });

  it('says only the country far from any town, and nothing at sea or without a place', async () => {
    const remote = await createMemberWithCard(t());
    const atSea = await createMemberWithCard(t());
    const unlocated = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const inFiji = await save(visitor.accessToken, { nfcUID: remote.nfcUID, lat: -16.5, lng: 179.9 });
    const ocean = await save(visitor.accessToken, { nfcUID: atSea.nfcUID, lat: 45.5, lng: -40 });
    const nowhere = await save(visitor.accessToken, { nfcUID: unlocated.nfcUID });
    expect(CreateContactResponseSchema.parse(json(inFiji)).contact.whereMet).toBe('in Fiji');
    expect(CreateContactResponseSchema.parse(json(ocean)).contact.whereMet).toBeNull();
    const unplaced = CreateContactResponseSchema.parse(json(nowhere)).contact;
    expect(unplaced).toMatchObject({ lat: null, lng: null, whereMet: null });
  });

  it('fills the words of contacts saved before they existed, once, at start', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const saved = CreateContactResponseSchema.parse(
      json(await save(visitor.accessToken, { nfcUID: owner.nfcUID, lat: 52.52, lng: 13.405 })),
    ).contact;
    // As a row saved before migration 012 looks.
    await t().db.updateTable('contacts').set({ where_met: null }).where('id', '=', saved._id).execute();

    expect(await backfillPlaceWords(t().db)).toBeGreaterThanOrEqual(1);
    const [listed] = await listContacts(visitor.accessToken);
    expect(listed?.whereMet).toBe('near Berlin, Germany');
    expect(await backfillPlaceWords(t().db)).toBe(0);
  });
});

describe.each(databaseKinds)('the online map style ($name)', (kind) => {
  const styleOf = async (env: Record<string, string>) => {
    const t = await startTestApp(kind, env);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/map/style' });
      return {
        style: MapStyleSchema.parse(json(response)),
        csp: String(response.headers['content-security-policy']),
      };
    } finally {
      await t.close();
    }
  };

  it("is OpenFreeMap's Liberty by default, its host allowed by the CSP", async () => {
    const { style, csp } = await styleOf({});
    expect(style).toEqual({
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      origins: ['https://tiles.openfreemap.org'],
    });
    expect(csp).toContain("connect-src 'self' https://tiles.openfreemap.org;");
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.openfreemap.org;");
  });

  it('follows MAP_STYLE_URL, with the hosts in MAP_ORIGINS added for tiles elsewhere', async () => {
    const { style, csp } = await styleOf({
      MAP_STYLE_URL: 'https://maps.example.com/styles/bright.json',
      MAP_ORIGINS: 'https://tiles.example.com, https://fonts.example.org/glyphs/',
    });
    expect(style).toEqual({
      styleUrl: 'https://maps.example.com/styles/bright.json',
      origins: ['https://maps.example.com', 'https://tiles.example.com', 'https://fonts.example.org'],
    });
    expect(csp).toContain(
      "connect-src 'self' https://maps.example.com https://tiles.example.com https://fonts.example.org;",
    );
  });

  it('is turned off with MAP_STYLE_URL=off: no style, no map host in the CSP', async () => {
    const { style, csp } = await styleOf({ MAP_STYLE_URL: 'off' });
    expect(style).toEqual({ styleUrl: null, origins: [] });
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:;");
  });

  it('refuses a map host that is not https, except a tile server on this machine', () => {
    expect(() => readConfig({ MAP_ORIGINS: 'http://tiles.example.com' })).toThrow(
      'MAP_ORIGINS must list https:// origins',
    );
    expect(() => readConfig({ MAP_STYLE_URL: 'http://maps.example.com/style.json' })).toThrow(
      'MAP_STYLE_URL must be https://',
    );
    expect(readConfig({ MAP_STYLE_URL: 'http://127.0.0.1:8080/style.json' }).map.origins).toEqual([
      'http://127.0.0.1:8080',
    ]);
  });
});
