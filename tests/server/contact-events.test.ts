// Events (issue 27): a current event that every save takes until cleared, an event set or removed per
// contact, and the contacts of one event on the map and in an export. On PGlite and PostgreSQL alike.
import { expect, it } from 'vitest';
import { ContactSchema, EventChoiceSchema, MapContactListSchema } from '../../contract/contacts';
import {
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

const WEB_SUMMIT = 'Web Summit 2026';

async function saveCard(t: TestContext, token: string, nfcUID: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/contact/create',
    headers: bearer(token),
    payload: { ...businessCard, nfcUID, lat: 38.77, lng: -9.09 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ContactSchema.parse(json<{ contact: unknown }>(response).contact);
}

function setCurrentEvent(t: TestContext, token: string, event: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/contact/current-event',
    headers: bearer(token),
    payload: { event },
  });
}

function setContactEvent(t: TestContext, token: string, contactId: string, event: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/contact/${contactId}/event`,
    headers: bearer(token),
    payload: { event },
  });
}

describeOnEachDatabase('events', (t) => {
  it('tags every save with the current event until it is cleared', async () => {
    const member = await createMember(t());
    const first = await createMemberWithCard(t());
    const second = await createMemberWithCard(t());

    const none = await t().app.inject({
      method: 'GET',
      url: '/api/contact/current-event',
      headers: bearer(member.accessToken),
    });
    expect(EventChoiceSchema.parse(json(none))).toEqual({ event: null });

    const set = await setCurrentEvent(t(), member.accessToken, `  ${WEB_SUMMIT} `);
    expect(set.statusCode, set.body).toBe(200);
    expect(json(set)).toEqual({ event: WEB_SUMMIT });
    const current = await t().app.inject({
      method: 'GET',
      url: '/api/contact/current-event',
      headers: bearer(member.accessToken),
    });
    expect(json(current)).toEqual({ event: WEB_SUMMIT });
    expect((await saveCard(t(), member.accessToken, first.nfcUID)).event).toBe(WEB_SUMMIT);

    expect((await setCurrentEvent(t(), member.accessToken, null)).statusCode).toBe(200);
    expect((await saveCard(t(), member.accessToken, second.nfcUID)).event).toBeNull();
  });

  it('sets, changes and removes the event of one contact, and lists it with the contact', async () => {
    const member = await createMember(t());
    const owner = await createMemberWithCard(t());
    const contact = await saveCard(t(), member.accessToken, owner.nfcUID);

    const tagged = await setContactEvent(t(), member.accessToken, contact._id, WEB_SUMMIT);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(ContactSchema.parse(json(tagged)).event).toBe(WEB_SUMMIT);
    expect(tagged.headers['contact-list-etag']).toBeTruthy();

    const listed = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(member.accessToken),
    });
    expect(json<{ event: string | null }[]>(listed)[0]?.event).toBe(WEB_SUMMIT);

    const removed = await setContactEvent(t(), member.accessToken, contact._id, null);
    expect(ContactSchema.parse(json(removed)).event).toBeNull();
  });

  it('refuses an empty or overlong event name and changes nothing', async () => {
    const member = await createMember(t());
    const owner = await createMemberWithCard(t());
    const contact = await saveCard(t(), member.accessToken, owner.nfcUID);

    const blank = await setContactEvent(t(), member.accessToken, contact._id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(json(blank)).toMatchObject({ code: 'VALIDATION_FAILED' });
    const long = await setCurrentEvent(t(), member.accessToken, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(json(long)).toMatchObject({ code: 'VALIDATION_FAILED' });

    const stored = await t()
      .db.selectFrom('contacts')
      .select('event')
      .where('id', '=', contact._id)
      .executeTakeFirstOrThrow();
    expect(stored.event).toBeNull();
    const current = await t()
      .db.selectFrom('member_current_events')
      .innerJoin('users', 'users.id', 'member_current_events.user_id')
      .select('event')
      .where('users.email', '=', member.email)
      .execute();
    expect(current).toEqual([]);
  });

  it("answers not found for another member's contact, and leaves it alone", async () => {
    const member = await createMember(t());
    const stranger = await createMember(t());
    const owner = await createMemberWithCard(t());
    const contact = await saveCard(t(), member.accessToken, owner.nfcUID);

    const response = await setContactEvent(t(), stranger.accessToken, contact._id, WEB_SUMMIT);
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'CONTACT_NOT_FOUND' });
  });

  it('puts the event on the map and exports the contacts of one event', async () => {
    const member = await createMember(t());
    const atSummit = await createMemberWithCard(t());
    const elsewhere = await createMemberWithCard(t(), { name: 'Grace Hopper' });
    await setCurrentEvent(t(), member.accessToken, WEB_SUMMIT);
    await saveCard(t(), member.accessToken, atSummit.nfcUID);
    await setCurrentEvent(t(), member.accessToken, null);
    await saveCard(t(), member.accessToken, elsewhere.nfcUID);

    const map = await t().app.inject({
      method: 'GET',
      url: '/api/contact/mapContacts',
      headers: bearer(member.accessToken),
    });
    expect(MapContactListSchema.parse(json(map)).map((contact) => contact.event)).toEqual([WEB_SUMMIT, null]);

    const csv = await t().app.inject({
      method: 'GET',
      url: `/api/user/export/contacts.csv?event=${encodeURIComponent(WEB_SUMMIT)}`,
      headers: bearer(member.accessToken),
    });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.slice(1).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(WEB_SUMMIT);
    expect(rows[1]).not.toContain('Grace Hopper');
  });
});
