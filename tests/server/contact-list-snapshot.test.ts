// A process that remembers no list (as after a start) brings the member's stored list up to date by
// splicing in what changed since (server/modules/contacts/list-snapshots.ts, migration 044) instead of
// having the database build the whole list. Its answer must be byte for byte what a fresh build gives;
// a list stored by another release's shape, or one the database cannot bring up to date, is not used;
// and the stored copy goes with the member.
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Contact } from '../../contract/contacts';
import { contactListTag } from '../../server/modules/contacts/list-etag';
import { CONTACT_LIST_CHANNEL } from '../../server/modules/contacts/list-memory';
import { wholeList } from '../../server/modules/contacts/list-splice';
import { contactListShape, readContactListPart } from '../../server/modules/contacts/queries';
import { bearer, createMember, createMemberWithCard, describeOnEachDatabase } from './helpers';

describeOnEachDatabase('the contact list stored for a process that remembers none', (t) => {
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token: string, payload?: object) =>
    t().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const saveCard = async (token: string) => {
    const owner = await createMemberWithCard(t());
    const saved = await call('POST', '/api/contact/create', token, { nfcUID: owner.nfcUID });
    expect(saved.statusCode).toBe(201);
    return String(saved.json().contact._id);
  };

  const storedList = (memberId: string) =>
    t()
      .db.selectFrom('contact_list_snapshots')
      .select(['shape', 'json'])
      .select((eb) => eb.cast<string>('version', 'text').as('version'))
      .where('user_id', '=', memberId)
      .executeTakeFirst();

  /** Waits until the list stored after an answer is at `version` (it is stored after the answer). */
  const storedAt = (memberId: string, version: string) =>
    vi.waitFor(
      async () => {
        const stored = await storedList(memberId);
        expect(stored?.version).toBe(version);
        return stored;
      },
      { timeout: 10_000, interval: 20 },
    );

  /** As after a start: this process remembers no member's list. */
  const forgetEveryList = () => t().app.ctx.changeNotices.remember(CONTACT_LIST_CHANNEL).setLive(true);

  /** A member with three contacts (written straight in) whose whole list was built and stored. */
  async function memberWithStoredList() {
    const member = await createMember(t());
    const { id: memberId } = await t()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    const met = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10, minutes));
    const rows = [1, 2, 3].map((n) => ({
      owner_id: memberId,
      name: `Person ${n}`,
      where_met: 'London, United Kingdom',
      connected_at: met(10 - n),
    }));
    const inserted = await t().db.insertInto('contacts').values(rows).returning('id').execute();
    const ids = inserted.map((row) => row.id);
    forgetEveryList();
    const first = await call('GET', '/api/contact', member.accessToken);
    expect(first.statusCode).toBe(200);
    const version = wholeList(await readContactListPart(t().db, memberId)).version;
    await storedAt(memberId, version);
    return { member, token: member.accessToken, memberId, ids, version };
  }

  /** The whole list is what a fresh build gives at the current version, byte for byte. */
  async function expectFreshList(token: string, memberId: string) {
    const response = await call('GET', '/api/contact', token);
    expect(response.statusCode).toBe(200);
    const fresh = wholeList(await readContactListPart(t().db, memberId));
    expect(response.body).toBe(fresh.body.toString());
    expect(response.headers.etag).toBe(contactListTag(memberId, fresh.version));
    return response.json() as Contact[];
  }

  /** Renames a contact in the stored copy only: an answer that shows the name was spliced from it. */
  const alterStoredName = (memberId: string, name: string) =>
    sql`UPDATE contact_list_snapshots SET json = regexp_replace(json, '"name" ?: ?"[^"]*"', ${`"name" : "${name}"`})
      WHERE user_id = ${memberId}`.execute(t().db);

  it('splices the changes made since the stored list into it, as a fresh build has the list', async () => {
    const { token, memberId, ids } = await memberWithStoredList();
    const [first, second, third] = ids as [string, string, string];
    expect(
      (await call('PUT', `/api/contact/${first}`, token, { notes: 'Ünïcode, "quotes"' })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/contact/${third}/flag`, token, { isFlagged: true })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/contact/${second}`, token)).statusCode).toBe(200);
    const added = await saveCard(token);
    forgetEveryList();
    const contacts = await expectFreshList(token, memberId);
    expect(contacts.map((contact) => contact._id)).toEqual([added, first, third]);
    expect(contacts[2]?.isFlagged).toBe(true);
  });

  it('answers from the stored list, not from a whole build', async () => {
    const { token, memberId, ids } = await memberWithStoredList();
    // The stored copy's first contact renamed; the last one changed since, so the database's JSON for it.
    await alterStoredName(memberId, 'Only In The Stored Copy');
    expect((await call('PUT', `/api/contact/${ids[2]}/flag`, token, { isFlagged: true })).statusCode).toBe(
      200,
    );
    forgetEveryList();
    const response = await call('GET', '/api/contact', token);
    const contacts = response.json() as Contact[];
    expect(contacts.map((contact) => contact.name)).toContain('Only In The Stored Copy');
    expect(contacts.find((contact) => contact._id === ids[2])?.isFlagged).toBe(true);
  });

  it('does not read a list stored by another shape, and stores this one', async () => {
    const { token, memberId } = await memberWithStoredList();
    await alterStoredName(memberId, 'Only In The Stored Copy');
    await sql`UPDATE contact_list_snapshots SET shape = 'an older release' WHERE user_id = ${memberId}`.execute(
      t().db,
    );
    forgetEveryList();
    const contacts = await expectFreshList(token, memberId);
    expect(contacts.map((contact) => contact.name)).not.toContain('Only In The Stored Copy');
    await vi.waitFor(async () => expect((await storedList(memberId))?.shape).toBe(contactListShape(t().db)), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it('does not read a list stored at a version the database is behind (a restored backup)', async () => {
    const { token, memberId, version } = await memberWithStoredList();
    await alterStoredName(memberId, 'Only In The Stored Copy');
    await sql`UPDATE contact_list_snapshots SET version = version + 5 WHERE user_id = ${memberId}`.execute(
      t().db,
    );
    forgetEveryList();
    const contacts = await expectFreshList(token, memberId);
    expect(contacts.map((contact) => contact.name)).not.toContain('Only In The Stored Copy');
    await storedAt(memberId, version);
  });

  it('builds the list whole, and stores it again, when the stored lines and index disagree', async () => {
    const { token, memberId, version } = await memberWithStoredList();
    await sql`UPDATE contact_list_snapshots SET index = index || ' ' || index WHERE user_id = ${memberId}`.execute(
      t().db,
    );
    forgetEveryList();
    await expectFreshList(token, memberId);
    await vi.waitFor(
      async () => {
        const stored = await t()
          .db.selectFrom('contact_list_snapshots')
          .select('index')
          .where('user_id', '=', memberId)
          .executeTakeFirstOrThrow();
        expect(stored.index.split(' ')).toHaveLength(6);
      },
      { timeout: 10_000, interval: 20 },
    );
    await storedAt(memberId, version);
  });

  it('stores the list again once a start has spliced more than 100 contacts into it', async () => {
    const { token, memberId } = await memberWithStoredList();
    const rows = Array.from({ length: 101 }, (_, index) => ({
      owner_id: memberId,
      name: `Person ${index}`,
      where_met: 'London, United Kingdom',
    }));
    await t().db.insertInto('contacts').values(rows).execute();
    forgetEveryList();
    const contacts = await expectFreshList(token, memberId);
    expect(contacts).toHaveLength(104);
    const current = wholeList(await readContactListPart(t().db, memberId)).version;
    await storedAt(memberId, current);
  });

  it('deletes the stored list with the account', async () => {
    const { member, memberId } = await memberWithStoredList();
    const deleted = await call('DELETE', '/api/user/delete-account', member.accessToken, {
      password: member.password,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedList(memberId)).toBeUndefined();
  });
});
