import { expect, it } from 'vitest';
import {
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
} from './helpers';

type Json = Record<string, unknown>;

describeOnEachDatabase('saving a contact from a card', (t) => {
  const save = (token: string, payload: Json, key?: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const contactCount = async (ownerEmail: string) =>
    Number(
      (
        await t()
          .db.selectFrom('contacts')
          .innerJoin('users', 'users.id', 'contacts.owner_id')
          .where('users.email', '=', ownerEmail)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('saves the card owner as a contact with where they met', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const response = await save(visitor.accessToken, {
      ...businessCard,
      nfcUID: owner.nfcUID,
      lat: 51.5,
      lng: -0.12,
    });
    expect(response.statusCode).toBe(201);
    const body = json<{ message: string; contact: Json }>(response);
    expect(body.message).toBe('Contact saved successfully');
    expect(body.contact).toMatchObject({
      ...businessCard,
      nfcUID: owner.nfcUID,
      lat: 51.5,
      lng: -0.12,
      notes: '',
      isFlagged: false,
      contactDetailsSent: false,
      inviteSentByEmail: false,
      fromInvitation: false,
    });
  });

  it('stores the card as it is on the server, not as the payload claims', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const response = await save(visitor.accessToken, {
      nfcUID: owner.nfcUID,
      name: 'Someone Else',
      email: 'x@y.z',
    });
    expect(json<{ contact: Json }>(response).contact).toMatchObject({
      name: businessCard.name,
      email: businessCard.email,
    });
  });

  it('refuses a second save of the same person, one own card, and cards nobody holds', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    await save(visitor.accessToken, { nfcUID: owner.nfcUID });
    const again = await save(visitor.accessToken, { nfcUID: owner.nfcUID });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({ error: 'Contact already exists' });

    const own = await save(owner.accessToken, { nfcUID: owner.nfcUID });
    expect(own.statusCode).toBe(400);
    expect(json(own)).toEqual({ error: 'Cannot save your own business card.' });

    const unclaimed = await save(visitor.accessToken, { nfcUID: await issueCard(t()) });
    expect(unclaimed.statusCode).toBe(404);
    expect(await contactCount(visitor.email)).toBe(1);
    expect(await contactCount(owner.email)).toBe(0);
  });

  it('stores a save replayed with one Idempotency-Key once and answers every replay the same', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const key = 'offline-save-0001';
    const first = await save(visitor.accessToken, { nfcUID: owner.nfcUID }, key);
    const second = await save(visitor.accessToken, { nfcUID: owner.nfcUID }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await contactCount(visitor.email)).toBe(1);
  });

  it('stores concurrent replays of one key once', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        save(visitor.accessToken, { nfcUID: owner.nfcUID }, 'raced-replay-key'),
      ),
    );
    expect(replays.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replays.map((response) => response.body)).size).toBe(1);
    expect(await contactCount(visitor.email)).toBe(1);
  });

  it('keeps keys per member and replays a refusal as a refusal', async () => {
    const owner = await createMemberWithCard(t());
    const [first, second] = [await createMember(t()), await createMember(t())];
    expect((await save(first.accessToken, { nfcUID: owner.nfcUID }, 'shared-key-123')).statusCode).toBe(201);
    expect((await save(second.accessToken, { nfcUID: owner.nfcUID }, 'shared-key-123')).statusCode).toBe(201);
    const own = await save(owner.accessToken, { nfcUID: owner.nfcUID }, 'own-card-key-1');
    const ownAgain = await save(owner.accessToken, { nfcUID: owner.nfcUID }, 'own-card-key-1');
    expect(ownAgain.statusCode).toBe(400);
    expect(ownAgain.json()).toEqual(own.json());
  });

  it('validates coordinates, the card ID and the key, storing nothing', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const cases: [Json, string?][] = [
      [{ nfcUID: owner.nfcUID, lat: 91, lng: 0 }],
      [{ nfcUID: owner.nfcUID, lat: 10, lng: -181 }],
      [{ nfcUID: owner.nfcUID, lat: 10 }],
      [{ nfcUID: owner.nfcUID, lat: '10', lng: '10' }],
      [{ nfcUID: 'not-a-card' }],
      [{ nfcUID: owner.nfcUID }, 'bad key!'],
    ];
    for (const [payload, key] of cases) {
      const response = await save(visitor.accessToken, payload, key);
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe('Validation failed');
    }
    expect(await contactCount(visitor.email)).toBe(0);
  });

  it('lists only my own contacts, newest first', async () => {
    const [first, second] = [await createMemberWithCard(t()), await createMemberWithCard(t())];
    const visitor = await createMember(t());
    const bystander = await createMember(t());
    await save(visitor.accessToken, { nfcUID: first.nfcUID });
    await save(visitor.accessToken, { nfcUID: second.nfcUID });
    await save(bystander.accessToken, { nfcUID: first.nfcUID });
    const list = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(visitor.accessToken),
    });
    expect(list.statusCode).toBe(200);
    const contacts = json<{ nfcUID: string }[]>(list);
    expect(contacts.map((contact) => contact.nfcUID)).toEqual([second.nfcUID, first.nfcUID]);
  });

  it('requires a member token', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/contact' })).statusCode).toBe(401);
    const owner = await createMemberWithCard(t());
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      payload: { nfcUID: owner.nfcUID },
    });
    expect(response.statusCode).toBe(401);
  });
});
