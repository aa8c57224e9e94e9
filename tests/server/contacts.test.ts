import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import {
  ContactListSchema,
  ContactSchema,
  CreateContactResponseSchema,
  NOTES_MAX_LENGTH,
  ToggleFlagResponseSchema,
} from '../../contract/contacts';
import { MessageResponseSchema } from '../../contract/errors';
import { IDEMPOTENCY_KEY_RETENTION_MS, pruneIdempotencyKeys } from '../../server/platform/idempotency';
import { linkIn } from '../support/mail-content';
import {
  adminToken,
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
  PUBLIC_URL,
  type TestContext,
  uniqueEmail,
} from './helpers';

type Json = Record<string, unknown>;

function saveCalls(t: () => TestContext) {
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
  return { save, contactCount };
}

describeOnEachDatabase('saving a contact from a card', (t) => {
  const { save, contactCount } = saveCalls(t);

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
    expect(json(again)).toEqual({ error: 'Contact already exists', code: 'CONTACT_EXISTS' });

    const own = await save(owner.accessToken, { nfcUID: owner.nfcUID });
    expect(own.statusCode).toBe(400);
    expect(json(own)).toEqual({ error: 'Cannot save your own business card.', code: 'OWN_CARD' });

    const unclaimed = await save(visitor.accessToken, { nfcUID: await issueCard(t()) });
    expect(unclaimed.statusCode).toBe(404);
    expect(await contactCount(visitor.email)).toBe(1);
    expect(await contactCount(owner.email)).toBe(0);
  });

  it('stores a save replayed with one Idempotency-Key once, answers every replay the same for 30 days', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const key = 'offline-save-0001';
    const first = await save(visitor.accessToken, { nfcUID: owner.nfcUID }, key);
    const second = await save(visitor.accessToken, { nfcUID: owner.nfcUID }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await contactCount(visitor.email)).toBe(1);

    // Answers are forgotten after 30 days; a save replayed later then finds the contact itself.
    await t()
      .db.updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - IDEMPOTENCY_KEY_RETENTION_MS - 60_000) })
      .where('key', '=', key)
      .execute();
    expect(await pruneIdempotencyKeys(t().db)).toBe(1);
    const late = await save(visitor.accessToken, { nfcUID: owner.nfcUID }, key);
    expect(late.statusCode).toBe(400);
    expect(json(late).error).toBe('Contact already exists');
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
      // Neither a Card ID nor a card link handle.
      [{ nfcUID: 'Not a card!' }],
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

// Its own app: the registrations it needs would exceed the per-minute limit of the block above.
describeOnEachDatabase('a save queued from an offline tap, replayed as { nfcUID }', (t) => {
  const { save, contactCount } = saveCalls(t);

  it('is filled from the card the server holds, with where they met', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const payload = { nfcUID: owner.nfcUID, lat: 45.76, lng: 4.84 };
    const replayed = await save(visitor.accessToken, payload, 'offline-tap-0001');
    expect(replayed.statusCode).toBe(201);
    expect(json<{ contact: Json }>(replayed).contact).toMatchObject({
      ...businessCard,
      nfcUID: owner.nfcUID,
      lat: 45.76,
      lng: 4.84,
    });
    const again = await save(visitor.accessToken, payload, 'offline-tap-0001');
    expect(again.json()).toEqual(replayed.json());
    expect(await contactCount(visitor.email)).toBe(1);
  });

  it('ends with 404 "Card not found." for a card that was never issued, storing nothing', async () => {
    const visitor = await createMember(t());
    const neverIssued = `${'ab'.repeat(20)}-424242`;
    const replayed = await save(visitor.accessToken, { nfcUID: neverIssued }, 'offline-tap-0002');
    expect(replayed.statusCode).toBe(404);
    expect(json(replayed)).toMatchObject({ error: 'Card not found.' });
    expect(await contactCount(visitor.email)).toBe(0);
  });

  it('ends with 404 "This card has not been activated yet." for an unclaimed card, storing nothing', async () => {
    const visitor = await createMember(t());
    const replayed = await save(visitor.accessToken, { nfcUID: await issueCard(t()) }, 'offline-tap-0003');
    expect(replayed.statusCode).toBe(404);
    expect(json(replayed)).toMatchObject({ error: 'This card has not been activated yet.' });
    expect(await contactCount(visitor.email)).toBe(0);
  });
});

/** The contact calls a member makes, and a visitor who has saved one card to call them on. */
function contactCalls(t: () => TestContext) {
  const call = (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    token: string,
    payload?: Json,
  ) => t().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const list = (token: string) => call('GET', '/api/contact', token);
  const updateNotes = (token: string, id: string, notes: unknown) =>
    call('PUT', `/api/contact/${id}`, token, { notes } as Json);
  const toggleFlag = (token: string, id: string) => call('PATCH', `/api/contact/${id}/toggle-flag`, token);
  const remove = (token: string, id: string) => call('DELETE', `/api/contact/${id}`, token);
  const sendCard = (token: string, id: string) => call('POST', `/api/contact/send-card/${id}`, token);

  /** A visitor who saved one card; the card shows `cardEmail` (a fresh address nobody has registered, by default). */
  async function visitorWithContact(
    options: { visitor?: Awaited<ReturnType<typeof createMember>>; cardEmail?: string } = {},
  ) {
    const owner = await createMemberWithCard(t(), { email: options.cardEmail ?? uniqueEmail('card') });
    const visitor = options.visitor ?? (await createMember(t()));
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(visitor.accessToken),
      payload: { nfcUID: owner.nfcUID },
    });
    const { contact } = CreateContactResponseSchema.parse(saved.json());
    return { owner, visitor, contact };
  }

  const storedContact = (id: string) =>
    t().db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return { list, updateNotes, toggleFlag, remove, sendCard, visitorWithContact, storedContact };
}

describeOnEachDatabase('managing my contacts', (t) => {
  const { list, updateNotes, toggleFlag, remove, sendCard, visitorWithContact, storedContact } =
    contactCalls(t);

  it('saves notes and answers with the updated contact', async () => {
    const { visitor, contact } = await visitorWithContact();
    const response = await updateNotes(
      visitor.accessToken,
      contact._id,
      'Met at the Difference Engine talk.',
    );
    expect(response.statusCode).toBe(200);
    expect(ContactSchema.parse(response.json())).toEqual({
      ...contact,
      notes: 'Met at the Difference Engine talk.',
    });
    const full = 'n'.repeat(NOTES_MAX_LENGTH);
    expect(
      ContactSchema.parse((await updateNotes(visitor.accessToken, contact._id, full)).json()).notes,
    ).toBe(full);
    const [listed] = ContactListSchema.parse((await list(visitor.accessToken)).json());
    expect(listed?.notes).toBe(full);
    expect(ContactSchema.parse((await updateNotes(visitor.accessToken, contact._id, '')).json()).notes).toBe(
      '',
    );
  });

  it('lists each contact exactly as the calls that changed it answered it (the list is JSON the database writes)', async () => {
    const visitor = await createMember(t());
    const located = await createMemberWithCard(t(), {
      name: 'Zoë "Zed" O\'Brien',
      company: 'Café ∑ & Sons\\Ltd',
      role: 'Tab\there, line\nthere',
    });
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(visitor.accessToken),
      payload: { nfcUID: located.nfcUID, lat: -33.856784, lng: 151.215297 },
    });
    const { contact: withPlace } = CreateContactResponseSchema.parse(saved.json());
    const { contact: plain } = await visitorWithContact({ visitor });
    const noted = ContactSchema.parse(
      (await updateNotes(visitor.accessToken, plain._id, 'Quotes " \\ and 🎉 emoji,\nnew line')).json(),
    );
    const flagged = ToggleFlagResponseSchema.parse(
      (await toggleFlag(visitor.accessToken, withPlace._id)).json(),
    );

    const listed = (await list(visitor.accessToken)).json();
    expect(listed).toEqual([noted, { ...withPlace, isFlagged: flagged.isFlagged }]);
    expect(flagged.isFlagged).toBe(true);
    expect(withPlace).toMatchObject({ lat: -33.856784, lng: 151.215297 });
    expect(plain).toMatchObject({ lat: null, lng: null, whereMet: null });
    expect(ContactListSchema.parse(listed)).toEqual(listed);
  });

  it('refuses notes longer than 1000 characters or not text, keeping the saved notes', async () => {
    const { visitor, contact } = await visitorWithContact();
    await updateNotes(visitor.accessToken, contact._id, 'kept');
    const tooLong = await updateNotes(visitor.accessToken, contact._id, 'n'.repeat(NOTES_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong)).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      errors: ['Notes must be at most 1000 characters'],
    });
    for (const notes of [undefined, 42, null, ['a']]) {
      const response = await updateNotes(visitor.accessToken, contact._id, notes);
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toBe('Validation failed');
    }
    const raw = await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${contact._id}`,
      headers: { ...bearer(visitor.accessToken), 'content-type': 'application/json' },
      payload: '{"notes": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await storedContact(contact._id)).notes).toBe('kept');
  });

  it('toggles the flag on and off', async () => {
    const { visitor, contact } = await visitorWithContact();
    const on = await toggleFlag(visitor.accessToken, contact._id);
    expect(on.statusCode).toBe(200);
    expect(ToggleFlagResponseSchema.parse(on.json())).toEqual({ isFlagged: true });
    const [listed] = ContactListSchema.parse((await list(visitor.accessToken)).json());
    expect(listed?.isFlagged).toBe(true);
    expect((await toggleFlag(visitor.accessToken, contact._id)).json()).toEqual({ isFlagged: false });
    expect((await storedContact(contact._id)).is_flagged).toBe(false);
  });

  it('deletes a contact, after which it is gone for every call', async () => {
    const { visitor, contact } = await visitorWithContact();
    const response = await remove(visitor.accessToken, contact._id);
    expect(response.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(response.json())).toEqual({ message: 'Contact deleted' });
    expect((await list(visitor.accessToken)).json()).toEqual([]);
    for (const again of [
      await remove(visitor.accessToken, contact._id),
      await updateNotes(visitor.accessToken, contact._id, 'x'),
      await toggleFlag(visitor.accessToken, contact._id),
      await sendCard(visitor.accessToken, contact._id),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(json(again)).toEqual({ error: 'Contact not found', code: 'CONTACT_NOT_FOUND' });
    }
  });

  it("answers 404 for another member's contact, an unknown id and a malformed id, changing nothing", async () => {
    const { contact } = await visitorWithContact();
    const stranger = await createMemberWithCard(t());
    const before = await storedContact(contact._id);
    const ids = [contact._id, randomUUID(), 'not-a-uuid', encodeURIComponent("1' OR '1'='1")];
    for (const id of ids) {
      for (const response of [
        await updateNotes(stranger.accessToken, id, 'mine now'),
        await toggleFlag(stranger.accessToken, id),
        await sendCard(stranger.accessToken, id),
        await remove(stranger.accessToken, id),
      ]) {
        expect(response.statusCode, `${response.raw.req.method} ${id}`).toBe(404);
        expect(json(response)).toEqual({ error: 'Contact not found', code: 'CONTACT_NOT_FOUND' });
      }
    }
    expect(await storedContact(contact._id)).toEqual(before);
    expect(t().sink.messages(contact.email)).toEqual([]);
  });

  it('requires a member token for every contact call', async () => {
    const { contact } = await visitorWithContact();
    const admin = await adminToken(t());
    const calls = [
      { method: 'PUT', url: `/api/contact/${contact._id}`, payload: { notes: 'x' } },
      { method: 'PATCH', url: `/api/contact/${contact._id}/toggle-flag` },
      { method: 'DELETE', url: `/api/contact/${contact._id}` },
      { method: 'POST', url: `/api/contact/send-card/${contact._id}` },
    ] as const;
    for (const request of calls) {
      expect((await t().app.inject(request)).statusCode).toBe(401);
      expect((await t().app.inject({ ...request, headers: bearer(admin) })).statusCode).toBe(401);
    }
  });
});

describeOnEachDatabase('revalidating my contact list with its ETag', (t) => {
  const { list, updateNotes, toggleFlag, remove, sendCard, visitorWithContact } = contactCalls(t);
  const revalidate = (token: string, tag: string) =>
    t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: { ...bearer(token), 'if-none-match': tag },
    });
  const tagOf = async (token: string) => {
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    return String(response.headers.etag);
  };
  /**
   * A write this app does not make through the contacts API reaches the 304 by the database's change
   * notice, which PostgreSQL delivers on another connection a moment after the commit.
   */
  const expectListChanged = (token: string, tag: string) =>
    vi.waitFor(async () => expect((await revalidate(token, tag)).statusCode).toBe(200), {
      timeout: 5_000,
      interval: 20,
    });

  it('tags the list and answers an unchanged list with 304, no body and the same tag', async () => {
    const { visitor } = await visitorWithContact();
    const response = await list(visitor.accessToken);
    const tag = String(response.headers.etag);
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    expect(response.headers['cache-control']).toBe('no-cache, private');

    const unchanged = await revalidate(visitor.accessToken, tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect(unchanged.headers['cache-control']).toBe('no-cache, private');
    // Weak comparison, and a list of tags, as browsers and proxies send them.
    expect((await revalidate(visitor.accessToken, tag.slice(2))).statusCode).toBe(304);
    expect((await revalidate(visitor.accessToken, `"other", ${tag}`)).statusCode).toBe(304);
    expect((await revalidate(visitor.accessToken, 'W/"1.0.other"')).statusCode).toBe(200);
  });

  it('changes the tag with every change to the list and answers an old tag with the new list', async () => {
    const sender = await createMemberWithCard(t(), { name: 'Grace Hopper', email: uniqueEmail('grace') });
    const tags = [await tagOf(sender.accessToken)];
    const { contact } = await visitorWithContact({ visitor: sender });
    tags.push(await tagOf(sender.accessToken));
    await updateNotes(sender.accessToken, contact._id, 'COBOL');
    tags.push(await tagOf(sender.accessToken));
    await toggleFlag(sender.accessToken, contact._id);
    tags.push(await tagOf(sender.accessToken));
    expect((await sendCard(sender.accessToken, contact._id)).statusCode).toBe(200);
    tags.push(await tagOf(sender.accessToken));
    await remove(sender.accessToken, contact._id);
    tags.push(await tagOf(sender.accessToken));
    expect(new Set(tags).size).toBe(tags.length);

    const stale = await revalidate(sender.accessToken, tags[3] ?? '');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(tags.at(-1));
    expect(stale.json()).toEqual([]);
  });

  it('keeps the tag when a change changes nothing', async () => {
    const { visitor, contact } = await visitorWithContact();
    await updateNotes(visitor.accessToken, contact._id, 'same');
    const tag = await tagOf(visitor.accessToken);
    await updateNotes(visitor.accessToken, contact._id, 'same');
    expect((await revalidate(visitor.accessToken, tag)).statusCode).toBe(304);
  });

  it('answers every write with the list tag before and after it, which a revalidation then accepts', async () => {
    const sender = await createMemberWithCard(t());
    const listTags = (response: { headers: Record<string, unknown> }) => ({
      previous: response.headers['contact-list-previous-etag'],
      current: response.headers['contact-list-etag'],
    });
    const owner = await createMemberWithCard(t(), { email: uniqueEmail('card') });
    let tag = await tagOf(sender.accessToken);
    const expectTagsFollowOn = async (write: { headers: Record<string, unknown> }) => {
      const tags = listTags(write);
      expect(tags.previous).toBe(tag);
      expect(tags.current).not.toBe(tag);
      tag = String(tags.current);
      expect((await revalidate(sender.accessToken, tag)).statusCode).toBe(304);
    };
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(sender.accessToken),
      payload: { nfcUID: owner.nfcUID },
    });
    await expectTagsFollowOn(saved);
    const { contact } = CreateContactResponseSchema.parse(saved.json());
    await expectTagsFollowOn(await updateNotes(sender.accessToken, contact._id, 'COBOL'));
    await expectTagsFollowOn(await toggleFlag(sender.accessToken, contact._id));
    await expectTagsFollowOn(await remove(sender.accessToken, contact._id));
    // A write that changes nothing answers the same tag twice.
    const { visitor, contact: kept } = await visitorWithContact();
    await updateNotes(visitor.accessToken, kept._id, 'same');
    const unchanged = listTags(await updateNotes(visitor.accessToken, kept._id, 'same'));
    expect(unchanged.current).toBe(unchanged.previous);
    expect(unchanged.current).toBe(await tagOf(visitor.accessToken));
  });

  it("never accepts one member's tag for another member's list", async () => {
    const [first, second] = [await createMember(t()), await createMember(t())];
    const firstTag = await tagOf(first.accessToken);
    expect(await tagOf(second.accessToken)).not.toBe(firstTag);
    expect((await revalidate(second.accessToken, firstTag)).statusCode).toBe(200);
  });

  it('changes the tag for writes made outside the contacts API, account deletion included', async () => {
    const { owner, visitor, contact } = await visitorWithContact();
    const other = await visitorWithContact({ visitor });
    let tag = await tagOf(visitor.accessToken);

    await t().db.updateTable('contacts').set({ company: 'Renamed' }).where('id', '=', contact._id).execute();
    await expectListChanged(visitor.accessToken, tag);
    tag = await tagOf(visitor.accessToken);

    // The card owner leaving touches the saved copy (card_owner_id is cleared): the list is re-sent.
    await t().db.deleteFrom('users').where('email', '=', owner.email).execute();
    await expectListChanged(visitor.accessToken, tag);

    // Deleting a member deletes their contacts in the same cascade: the trigger must not get in the way.
    await t().db.deleteFrom('users').where('email', '=', visitor.email).execute();
    expect(
      await t()
        .db.selectFrom('contacts')
        .select('id')
        .where('id', 'in', [contact._id, other.contact._id])
        .execute(),
    ).toEqual([]);
  });
});

describeOnEachDatabase('sending my card to a contact', (t) => {
  const { list, sendCard, visitorWithContact, storedContact } = contactCalls(t);
  it('e-mails my card as a vCard to someone not on Tapnet and invites them to join', async () => {
    const graceEmail = uniqueEmail('grace');
    const sender = await createMemberWithCard(t(), {
      name: 'Grace Hopper',
      email: graceEmail,
      company: 'US Navy',
      role: 'Rear Admiral',
      pronouns: 'she/her',
    });
    const { contact } = await visitorWithContact({ visitor: sender });
    const response = await sendCard(sender.accessToken, contact._id);
    expect(response.statusCode).toBe(200);
    expect(MessageResponseSchema.parse(response.json())).toEqual({ message: 'Business card sent' });

    const mail = await t().sink.waitForMail(contact.email);
    expect(mail.subject).toBe('A business card for you, through Tapnet');
    expect(mail.replyTo).toContain(graceEmail);
    expect(mail.text).toContain(`Hi ${contact.name},`);
    expect(mail.text).toContain('Rear Admiral');
    expect(mail.text).toContain(graceEmail);
    expect(linkIn(mail, '/register').href).toBe(`${PUBLIC_URL}/register`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/register"`);
    expect(mail.attachments).toHaveLength(1);
    const [vCard] = mail.attachments;
    expect(vCard?.filename).toBe('grace-hopper.vcf');
    expect(vCard?.contentType).toBe('text/vcard');
    expect(vCard?.content.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Grace Hopper',
        'N:Hopper;Grace;;;',
        'ORG:US Navy',
        'TITLE:Rear Admiral',
        `EMAIL;TYPE=INTERNET:${graceEmail}`,
        'END:VCARD',
      ]),
    );

    const [listed] = ContactListSchema.parse((await list(sender.accessToken)).json());
    expect(listed).toMatchObject({ contactDetailsSent: true, inviteSentByEmail: true });
  });

  it('a send replayed with its Idempotency-Key (made offline, answer lost) gets the first answer and mails once', async () => {
    const sender = await createMemberWithCard(t());
    const { contact } = await visitorWithContact({ visitor: sender });
    const send = () =>
      t().app.inject({
        method: 'POST',
        url: `/api/contact/send-card/${contact._id}`,
        headers: { ...bearer(sender.accessToken), 'idempotency-key': 'offline-send-1' },
      });
    const first = await send();
    const replay = await send();
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    await t().sink.waitForMail(contact.email);
    await t().mailer().deliverDue();
    expect(t().sink.messages(contact.email)).toHaveLength(1);
    // Without the key it is another send, refused as the day's repeat.
    expect((await sendCard(sender.accessToken, contact._id)).statusCode).toBe(429);
  });

  it('sends to a member an invitation to connect instead of one to join, pointing them to their invitations', async () => {
    const memberEmail = uniqueEmail('member');
    const sender = await createMemberWithCard(t(), { name: 'Grace Hopper', email: uniqueEmail('grace') });
    // The card owner's account address is the one on their card, so the contact's e-mail is a member's.
    const { owner, contact } = await visitorWithContact({ visitor: sender, cardEmail: memberEmail });
    await t().db.updateTable('users').set({ email: memberEmail }).where('email', '=', owner.email).execute();
    // Saving the card invited them already; once that is answered, sending the card invites them again.
    await t()
      .db.deleteFrom('invitations')
      .where('invitee_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', memberEmail))
      .execute();

    expect((await sendCard(sender.accessToken, contact._id)).statusCode).toBe(200);
    const mail = await t().sink.waitForMail(memberEmail);
    expect(linkIn(mail, '/invitations').href).toBe(`${PUBLIC_URL}/invitations`);
    expect(mail.text).not.toContain('/register');
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['grace-hopper.vcf']);
    expect(await storedContact(contact._id)).toMatchObject({
      contact_details_sent: true,
      invite_sent_by_email: false,
    });
    const invitations = await t().app.inject({
      method: 'GET',
      url: '/api/invitations',
      headers: bearer(owner.accessToken),
    });
    expect(invitations.json()).toEqual([expect.objectContaining({ name: 'Grace Hopper' })]);
  });

  it('sends no e-mail to a member who opted out, still marking the card sent, while their reset mail goes out', async () => {
    const memberEmail = uniqueEmail('quiet');
    const sender = await createMemberWithCard(t(), { name: 'Grace Hopper', email: uniqueEmail('grace') });
    const { owner, contact } = await visitorWithContact({ visitor: sender, cardEmail: memberEmail });
    await t().db.updateTable('users').set({ email: memberEmail }).where('email', '=', owner.email).execute();
    const optOut = await t().app.inject({
      method: 'POST',
      url: '/api/user/notification-settings',
      headers: bearer(owner.accessToken),
      payload: { emailOptOut: true },
    });
    expect(optOut.statusCode).toBe(200);

    const sent = await sendCard(sender.accessToken, contact._id);
    expect(sent.statusCode).toBe(200);
    expect(json(sent).message).toBe(
      'They have turned off e-mails from Tapnet, so they will find your invitation in the app.',
    );
    expect(await storedContact(contact._id)).toMatchObject({ contact_details_sent: true });

    const reset = await t().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: memberEmail },
    });
    expect(reset.statusCode).toBe(200);
    await t().sink.waitForMail(memberEmail, { subject: 'Reset your' });
    expect(
      t()
        .sink.messages(memberEmail)
        .map((mail) => mail.subject),
    ).toEqual([expect.stringMatching(/reset/i)]);
  });

  it('refuses with a card emptied of its e-mail, or to a contact with no e-mail', async () => {
    const linkedOnly = await createMember(t());
    await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(linkedOnly.accessToken),
      payload: { nfcUID: await issueCard(t()) },
    });
    // Every card starts complete (account name and e-mail); one emptied by hand must still be refused.
    await t()
      .db.updateTable('business_cards')
      .set({ email: '' })
      .where('email', '=', linkedOnly.email)
      .execute();
    const incomplete = await visitorWithContact({ visitor: linkedOnly });
    const incompleteRefusal = await sendCard(linkedOnly.accessToken, incomplete.contact._id);
    expect(incompleteRefusal.statusCode).toBe(400);
    expect(json(incompleteRefusal)).toEqual({
      error: 'Complete your business card (name and e-mail) before sending it.',
      code: 'CARD_INCOMPLETE',
    });

    const sender = await createMemberWithCard(t());
    const noEmail = await visitorWithContact({ visitor: sender });
    await t().db.updateTable('contacts').set({ email: '' }).where('id', '=', noEmail.contact._id).execute();
    const noEmailRefusal = await sendCard(sender.accessToken, noEmail.contact._id);
    expect(noEmailRefusal.statusCode).toBe(400);
    expect(json(noEmailRefusal)).toEqual({
      error: 'This contact has no e-mail address to send your card to.',
      code: 'CONTACT_HAS_NO_EMAIL',
    });

    for (const { contact } of [incomplete, noEmail]) {
      expect(await storedContact(contact._id)).toMatchObject({
        contact_details_sent: false,
        invite_sent_by_email: false,
      });
      expect(t().sink.messages(contact.email)).toEqual([]);
    }
  });

  // Runs last in its block: it uses up the minute's sends of this app.
  it('limits how many cards one client sends a minute, refusals for the day included', async () => {
    const sender = await createMemberWithCard(t());
    const { contact } = await visitorWithContact({ visitor: sender });
    const codes: string[] = [];
    for (let attempt = 0; attempt <= 10 && !codes.includes('RATE_LIMITED'); attempt += 1) {
      const response = await sendCard(sender.accessToken, contact._id);
      codes.push(response.statusCode === 200 ? 'SENT' : String(json(response).code));
      if (json(response).code === 'RATE_LIMITED') expect(json(response).error).toMatch(/rate limit/i);
    }
    // One send a day to this contact; the repeats are refused, and count towards the minute's limit.
    // Earlier tests in this file used part of the same client's minute.
    expect(codes[0]).toBe('SENT');
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect(codes.slice(1, -1).every((code) => code === 'CARD_SENT_TODAY')).toBe(true);
  });
});
