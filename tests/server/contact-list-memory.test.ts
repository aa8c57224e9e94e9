// The whole contact list is remembered per member after a 200 (server/modules/contacts/list-memory.ts)
// until its change notice: an unchanged list is sent again from memory, and every write a member can
// make shows in the very next list, on both databases (on PostgreSQL the version is read to be sure of
// that; on PGlite the notice arrives before the write answers). After a change the remembered list is
// brought up to date by splicing in what changed (list-splice.ts): each kind of write must leave it byte
// for byte what a fresh build gives.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { CONTACT_LIST_ETAG_HEADER, type Contact } from '../../contract/contacts';
import { contactListTag } from '../../server/modules/contacts/list-etag';
import { wholeList } from '../../server/modules/contacts/list-splice';
import { listContacts, readContactListPart } from '../../server/modules/contacts/queries';
import { pruneContactTombstones, TOMBSTONE_RETENTION_DAYS } from '../../server/modules/contacts/tombstones';
import {
  bearer,
  cardHandleOf,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  uniqueEmail,
} from './helpers';

describeOnEachDatabase('the contact list remembered between changes', (t) => {
  const call = (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    token: string,
    payload?: object,
  ) => t().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const list = async (token: string) => {
    const response = await call('GET', '/api/contact', token);
    expect(response.statusCode).toBe(200);
    return { tag: String(response.headers.etag), contacts: response.json() as Contact[] };
  };

  /** A member with one saved card, whose list has been answered (and so remembered) once. */
  async function memberWithRememberedList() {
    const member = await createMember(t());
    const owner = await createMemberWithCard(t());
    const saved = await call('POST', '/api/contact/create', member.accessToken, { nfcUID: owner.nfcUID });
    expect(saved.statusCode).toBe(201);
    const first = await list(member.accessToken);
    expect(first.contacts).toHaveLength(1);
    return { member, token: member.accessToken, id: String(saved.json().contact._id), first };
  }

  it('sends an unchanged list again, the same, under the same tag', async () => {
    const { token, first } = await memberWithRememberedList();
    const again = await call('GET', '/api/contact', token);
    expect(again.headers.etag).toBe(first.tag);
    expect(again.json()).toEqual(first.contacts);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const revalidated = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: { ...bearer(token), 'if-none-match': first.tag },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('shows each edit in the next list, under the tag the edit answered', async () => {
    const { token, id } = await memberWithRememberedList();
    const edits = [
      {
        write: () => call('PUT', `/api/contact/${id}`, token, { notes: 'met twice' }),
        shows: { notes: 'met twice' },
      },
      { write: () => call('PATCH', `/api/contact/${id}/toggle-flag`, token), shows: { isFlagged: true } },
      {
        write: () => call('PUT', `/api/contact/${id}/flag`, token, { isFlagged: false }),
        shows: { isFlagged: false },
      },
      {
        write: () => call('PUT', `/api/contact/${id}/event`, token, { event: 'Web Summit' }),
        shows: { event: 'Web Summit' },
      },
    ];
    for (const { write, shows } of edits) {
      const written = await write();
      expect(written.statusCode).toBe(200);
      const after = await list(token);
      expect(after.contacts).toEqual([expect.objectContaining({ _id: id, ...shows })]);
      expect(after.tag).toBe(written.headers[CONTACT_LIST_ETAG_HEADER]);
    }
  });

  it('drops a deleted contact from the next list', async () => {
    const { token, id, first } = await memberWithRememberedList();
    expect((await call('DELETE', `/api/contact/${id}`, token)).statusCode).toBe(200);
    const after = await list(token);
    expect(after.contacts).toEqual([]);
    expect(after.tag).not.toBe(first.tag);
  });

  it('shows details a visitor shared in the next list', async () => {
    const { member, token } = await memberWithRememberedList();
    const handle = await cardHandleOf(t(), member.accessToken);
    const shared = await t().app.inject({
      method: 'POST',
      url: `/api/nfc/${handle}/share-details`,
      payload: { name: 'Lin Visitor', email: uniqueEmail('lin'), consent: true, source: 'qr' },
      remoteAddress: '198.51.100.21',
    });
    expect(shared.statusCode).toBe(201);
    const after = await list(token);
    expect(after.contacts).toHaveLength(2);
    expect(after.contacts).toContainEqual(
      expect.objectContaining({
        name: 'Lin Visitor',
        sharedWithYou: expect.objectContaining({ source: 'qr' }),
      }),
    );
  });

  it('keeps one member’s list from another’s', async () => {
    const one = await memberWithRememberedList();
    const other = await memberWithRememberedList();
    expect((await list(one.token)).contacts.map((contact) => contact._id)).toEqual([one.id]);
    expect((await list(other.token)).contacts.map((contact) => contact._id)).toEqual([other.id]);
  });

  it('lists every field of every contact as toContact has it, built by the database', async () => {
    const { token, id } = await memberWithRememberedList();
    const owner = await createMemberWithCard(t());
    const second = await call('POST', '/api/contact/create', token, {
      nfcUID: owner.nfcUID,
      lat: 48.8566,
      lng: 2.3522,
    });
    expect(second.statusCode).toBe(201);
    // Every column the list shows, filled the way writes fill them: shared details, a verified tap, links,
    // an event, a flag, coordinates no decimal type holds exactly, a timestamp with microseconds.
    await t()
      .db.updateTable('contacts')
      .set({
        shared_at: new Date('2026-11-27T10:11:12.345Z'),
        shared_source: 'qr',
        met_in_person: true,
        tap_counter: 41,
        links: JSON.stringify([{ kind: 'booking', label: 'Book a call', url: 'https://cal.example.com/x' }]),
        event: 'Web Summit 2026',
        is_flagged: true,
        lat: 51.501000000000005,
        lng: -0.1 / 3,
        notes: 'Ünïcode "quotes" and \\ a backslash\nnew line',
      })
      .where('id', '=', id)
      .execute();
    await t().db.executeQuery(
      sql`UPDATE contacts SET connected_at = '2026-11-26 09:08:07.654321+00' WHERE id = ${id}`.compile(
        t().db,
      ),
    );
    const listed = await call('GET', '/api/contact', token);
    expect(listed.statusCode).toBe(200);
    const { owner_id: memberId } = await t()
      .db.selectFrom('contacts')
      .select('owner_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const expected = JSON.parse(JSON.stringify(await listContacts(t().db, memberId)));
    expect(listed.json()).toEqual(expected);
    expect(expected).toHaveLength(2);
  });

  /** The member's id, from a contact of theirs. */
  const ownerOf = async (contactId: string) =>
    (
      await t()
        .db.selectFrom('contacts')
        .select('owner_id')
        .where('id', '=', contactId)
        .executeTakeFirstOrThrow()
    ).owner_id;

  /** The next whole list is what a fresh build gives at the current version, byte for byte, and toContact's. */
  async function expectFreshList(token: string, memberId: string, after: string) {
    const response = await call('GET', '/api/contact', token);
    expect(response.statusCode, after).toBe(200);
    const fresh = wholeList(await readContactListPart(t().db, memberId));
    expect(response.body, after).toBe(fresh.body.toString());
    expect(response.headers.etag, after).toBe(contactListTag(memberId, fresh.version));
    const contacts = JSON.parse(JSON.stringify(await listContacts(t().db, memberId)));
    expect(response.json(), after).toEqual(contacts);
    // The feed answers a cursor it cannot serve with the same whole list, under the same tag.
    const feed = await call('GET', `/api/contact?since=${encodeURIComponent('W/"1.0.none"')}`, token);
    expect(feed.json(), after).toEqual({
      cursor: response.headers.etag,
      isFullList: true,
      contacts,
      deleted: [],
    });
    expect(feed.headers.etag, after).toBe(response.headers.etag);
    return response.json() as Contact[];
  }

  const saveCard = async (token: string) => {
    const owner = await createMemberWithCard(t());
    const saved = await call('POST', '/api/contact/create', token, { nfcUID: owner.nfcUID });
    expect(saved.statusCode).toBe(201);
    return String(saved.json().contact._id);
  };

  const setConnectedAt = (id: string, at: string) =>
    t().db.executeQuery(
      sql`UPDATE contacts SET connected_at = ${at}::timestamptz WHERE id = ${id}`.compile(t().db),
    );

  it('brings the remembered list up to date after each kind of write, as a fresh build has it', async () => {
    const member = await createMemberWithCard(t());
    const token = member.accessToken;
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await saveCard(token));
    const [first, second, third, fourth, fifth] = ids as [string, string, string, string, string];
    const memberId = await ownerOf(first);
    // Two met at the same microsecond: their ids decide their order.
    await setConnectedAt(second, '2026-11-20 10:00:00.123456+00');
    await setConnectedAt(third, '2026-11-20 10:00:00.123456+00');
    const before = await expectFreshList(token, memberId, 'the first read');
    expect(before).toHaveLength(5);

    const saver = await createMemberWithCard(t());
    const handle = await cardHandleOf(t(), token);
    const writes: Array<[string, () => Promise<{ statusCode: number }>]> = [
      [
        'an edit of the notes',
        () => call('PUT', `/api/contact/${third}`, token, { notes: 'Ünïcode, "quotes"' }),
      ],
      ['a flag', () => call('PUT', `/api/contact/${second}/flag`, token, { isFlagged: true })],
      ['a flag toggled', () => call('PATCH', `/api/contact/${fifth}/toggle-flag`, token)],
      ['an event', () => call('PUT', `/api/contact/${first}/event`, token, { event: 'Web Summit' })],
      ['a card sent', () => call('POST', `/api/contact/send-card/${fourth}`, token)],
      ['a delete', () => call('DELETE', `/api/contact/${second}`, token)],
      [
        'a new save',
        async () => {
          await saveCard(token);
          return { statusCode: 201 };
        },
      ],
      [
        "a visitor's shared details",
        () =>
          t().app.inject({
            method: 'POST',
            url: `/api/nfc/${handle}/share-details`,
            payload: { name: 'Lin Visitor', email: uniqueEmail('lin'), consent: true, source: 'qr' },
            remoteAddress: '198.51.100.22',
          }),
      ],
      [
        'an invitation accepted',
        async () => {
          const saved = await call('POST', '/api/contact/create', saver.accessToken, {
            nfcUID: member.nfcUID,
          });
          expect(saved.statusCode).toBe(201);
          const invitations = await call('GET', '/api/invitations', token);
          const [invitation] = invitations.json() as { _id: string }[];
          return call('POST', `/api/invitations/${invitation?._id}/accept`, token);
        },
      ],
      [
        'the earliest met moved first, and the latest last',
        async () => {
          await setConnectedAt(fifth, '2027-01-01 00:00:00+00');
          await setConnectedAt(first, '2020-01-01 00:00:00+00');
          return { statusCode: 200 };
        },
      ],
    ];
    for (const [write, run] of writes) {
      expect((await run()).statusCode, write).toBeLessThan(300);
      await expectFreshList(token, memberId, `after ${write}`);
    }
    const after = await expectFreshList(token, memberId, 'the last read');
    expect(after.map((contact) => contact._id).slice(0, 1)).toEqual([fifth]);
    expect(after.at(-1)?._id).toBe(first);
    expect(after).toHaveLength(7);
  });

  it('builds the list whole again when more contacts changed than a splice takes (1,000)', async () => {
    const { token, id } = await memberWithRememberedList();
    const memberId = await ownerOf(id);
    await expectFreshList(token, memberId, 'the list remembered with one contact');
    // An import, or another device long offline: 1,100 contacts written at once (a splice reads 1,001
    // at most, to know there were more).
    const rows = Array.from({ length: 1100 }, (_, index) => ({
      owner_id: memberId,
      name: `Person ${index}`,
    }));
    await t().db.insertInto('contacts').values(rows).execute();
    const after = await expectFreshList(token, memberId, 'after 1,100 contacts written');
    expect(after).toHaveLength(1101);
  });

  it('builds the list whole again once a tombstone after the remembered list was pruned', async () => {
    const { token, id } = await memberWithRememberedList();
    const memberId = await ownerOf(id);
    const kept = await saveCard(token);
    await expectFreshList(token, memberId, 'the list remembered with two contacts');
    expect((await call('DELETE', `/api/contact/${id}`, token)).statusCode).toBe(200);
    // The tombstone ages past its retention and is pruned: the oldest cursor rises past the list remembered.
    await sql`UPDATE contact_tombstones SET deleted_at = now() - make_interval(days => ${TOMBSTONE_RETENTION_DAYS + 1})
      WHERE owner_id = ${memberId}`.execute(t().db);
    expect(await pruneContactTombstones(t().db)).toBeGreaterThan(0);
    const after = await expectFreshList(token, memberId, 'after the prune');
    expect(after.map((contact) => contact._id)).toEqual([kept]);
  });
});
