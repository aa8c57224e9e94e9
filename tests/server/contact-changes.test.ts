// The contacts change feed (GET /api/contact?since=<cursor>) and conditional edits of a contact's notes.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { type Contact, type ContactChanges, notesVersion } from '../../contract/contacts';
import { ErrorResponseSchema } from '../../contract/errors';
import { contactsModule } from '../../server/modules/contacts';
import {
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  STRONG_PASSWORD,
  type TestContext,
} from './helpers';

function calls(t: () => TestContext) {
  const inject = (token: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, options = {}) =>
    t().app.inject({ method, url, headers: bearer(token), ...options });
  /** The change feed after `since`; without it, the list, whose ETag is the first cursor. */
  const changes = async (token: string, since?: string): Promise<ContactChanges> => {
    if (since === undefined) {
      const list = await inject(token, 'GET', '/api/contact');
      expect(list.statusCode).toBe(200);
      const cursor = String(list.headers.etag);
      return { cursor, isFullList: true, contacts: json<Contact[]>(list), deleted: [] };
    }
    const response = await inject(token, 'GET', `/api/contact?since=${encodeURIComponent(since)}`);
    expect(response.statusCode).toBe(200);
    return json<ContactChanges>(response);
  };
  /** A member with `count` contacts saved from fresh cards. */
  const memberWithContacts = async (count: number) => {
    const member = await createMember(t());
    const contacts: Contact[] = [];
    for (let index = 0; index < count; index++) {
      const owner = await createMemberWithCard(t());
      const saved = await inject(member.accessToken, 'POST', '/api/contact/create', {
        payload: { nfcUID: owner.nfcUID },
      });
      contacts.push(json<{ contact: Contact }>(saved).contact);
    }
    return { member, contacts };
  };
  return { inject, changes, memberWithContacts };
}

describeOnEachDatabase('the contacts change feed', (t) => {
  const { inject, changes, memberWithContacts } = calls(t);

  it('answers nothing new for the current cursor, and a 304 when it is sent as If-None-Match too', async () => {
    const { member, contacts } = await memberWithContacts(2);
    const first = await changes(member.accessToken);
    expect(first.contacts.map((contact) => contact._id).sort()).toEqual(contacts.map((c) => c._id).sort());
    // The cursor is the list's ETag: the next `since` and the next If-None-Match.
    expect(await changes(member.accessToken, first.cursor)).toEqual({
      cursor: first.cursor,
      isFullList: false,
      contacts: [],
      deleted: [],
    });
    const revalidated = await inject(
      member.accessToken,
      'GET',
      `/api/contact?since=${encodeURIComponent(first.cursor)}`,
      {
        headers: { ...bearer(member.accessToken), 'if-none-match': first.cursor },
      },
    );
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('refuses a query parameter it does not know', async () => {
    const { member } = await memberWithContacts(1);
    const response = await inject(member.accessToken, 'GET', '/api/contact?after=1');
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(json(response)).code).toBe('VALIDATION_FAILED');
  });

  it('answers only the contact whose flag or notes changed, and the ids of deleted contacts', async () => {
    const { member, contacts } = await memberWithContacts(3);
    const [flagged, noted, removed] = contacts as [Contact, Contact, Contact];
    const { cursor } = await changes(member.accessToken);
    await inject(member.accessToken, 'PUT', `/api/contact/${flagged._id}/flag`, {
      payload: { isFlagged: true },
    });
    const afterFlag = await changes(member.accessToken, cursor);
    expect(afterFlag.isFullList).toBe(false);
    expect(afterFlag.contacts).toEqual([{ ...flagged, isFlagged: true }]);
    expect(afterFlag.deleted).toEqual([]);

    await inject(member.accessToken, 'PUT', `/api/contact/${noted._id}`, {
      payload: { notes: 'Met at the fair' },
    });
    await inject(member.accessToken, 'DELETE', `/api/contact/${removed._id}`);
    const later = await changes(member.accessToken, afterFlag.cursor);
    expect(later.contacts.map((contact) => [contact._id, contact.notes])).toEqual([
      [noted._id, 'Met at the fair'],
    ]);
    expect(later.deleted).toEqual([removed._id]);
    // From the first cursor, everything since.
    const all = await changes(member.accessToken, cursor);
    expect(all.contacts.map((contact) => contact._id).sort()).toEqual([flagged._id, noted._id].sort());
    expect(all.deleted).toEqual([removed._id]);
  });

  it('setting a flag to what it is changes nothing, so the next read has nothing new', async () => {
    const { member, contacts } = await memberWithContacts(1);
    const [contact] = contacts as [Contact];
    const { cursor } = await changes(member.accessToken);
    const response = await inject(member.accessToken, 'PUT', `/api/contact/${contact._id}/flag`, {
      payload: { isFlagged: false },
    });
    expect(json(response)).toEqual({ isFlagged: false });
    expect((await changes(member.accessToken, cursor)).cursor).toBe(cursor);
  });

  it('answers the whole list for a cursor that is not this member’s, is malformed, ahead or pruned', async () => {
    const { member, contacts } = await memberWithContacts(1);
    const other = await memberWithContacts(1);
    const otherCursor = (await changes(other.member.accessToken)).cursor;
    const { cursor } = await changes(member.accessToken);
    const ahead = cursor.replace(/"1\.(\d+)\./, (_, version: string) => `"1.${Number(version) + 5}.`);
    for (const since of [otherCursor, 'garbage', ahead]) {
      const answer = await changes(member.accessToken, since);
      expect(answer.isFullList, since).toBe(true);
      expect(answer.contacts).toHaveLength(1);
    }
    const user = await t()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    await t()
      .db.updateTable('contact_list_versions')
      .set({ oldest_cursor: '1000000' })
      .where('user_id', '=', user.id)
      .execute();
    await inject(member.accessToken, 'PUT', `/api/contact/${contacts[0]?._id}/flag`, {
      payload: { isFlagged: true },
    });
    expect((await changes(member.accessToken, cursor)).isFullList).toBe(true);
  });

  it('the daily housekeeping prunes old tombstones, and a cursor from before them gets the whole list', async () => {
    const { member, contacts } = await memberWithContacts(3);
    const [kept, old, recent] = contacts as [Contact, Contact, Contact];
    const { cursor: beforeAll } = await changes(member.accessToken);
    await inject(member.accessToken, 'DELETE', `/api/contact/${old._id}`);
    const { cursor: afterOld } = await changes(member.accessToken, beforeAll);
    await inject(member.accessToken, 'DELETE', `/api/contact/${recent._id}`);
    // The first deletion happened long enough ago that no device's cache can still be from before it.
    await sql`UPDATE contact_tombstones SET deleted_at = now() - interval '15 days' WHERE contact_id = ${old._id}`.execute(
      t().db,
    );

    await contactsModule.daily?.(t().app);

    const left = await t().db.selectFrom('contact_tombstones').select('contact_id').execute();
    expect(left.map((row) => row.contact_id)).not.toContain(old._id);
    expect(left.map((row) => row.contact_id)).toContain(recent._id);
    const tooOld = await changes(member.accessToken, beforeAll);
    expect(tooOld.isFullList).toBe(true);
    expect(tooOld.contacts.map((contact) => contact._id)).toEqual([kept._id]);
    const recentEnough = await changes(member.accessToken, afterOld);
    expect(recentEnough).toMatchObject({ isFullList: false, contacts: [], deleted: [recent._id] });
  });

  it('a duplicate save changes nothing and a deleted member leaves no tombstones behind', async () => {
    const member = await createMember(t());
    const owner = await createMemberWithCard(t());
    const save = () =>
      inject(member.accessToken, 'POST', '/api/contact/create', { payload: { nfcUID: owner.nfcUID } });
    expect((await save()).statusCode).toBe(201);
    const { cursor } = await changes(member.accessToken);
    expect((await save()).statusCode).toBe(400);
    expect((await changes(member.accessToken, cursor)).cursor).toBe(cursor);
    const deleted = await inject(member.accessToken, 'DELETE', '/api/user/delete-account', {
      payload: { password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t().db.selectFrom('contact_tombstones').selectAll().execute();
    const users = new Set((await t().db.selectFrom('users').select('id').execute()).map((row) => row.id));
    expect(left.every((row) => users.has(row.owner_id))).toBe(true);
  });
});

describeOnEachDatabase('conditional notes', (t) => {
  const { inject, memberWithContacts } = calls(t);
  const putNotes = (token: string, id: string, notes: string, basedOn?: string) =>
    inject(token, 'PUT', `/api/contact/${id}`, {
      payload: { notes },
      headers: { ...bearer(token), ...(basedOn === undefined ? {} : { 'if-match': notesVersion(basedOn) }) },
    });

  it('saves notes based on the current text and answers their version', async () => {
    const { member, contacts } = await memberWithContacts(1);
    const [contact] = contacts as [Contact];
    const response = await putNotes(member.accessToken, contact._id, 'Likes sailing', '');
    expect(response.statusCode).toBe(200);
    expect(json<Contact>(response).notes).toBe('Likes sailing');
    expect(response.headers.etag).toBe(notesVersion('Likes sailing'));
  });

  it('refuses notes based on text another device replaced, answering the contact as it is', async () => {
    const { member, contacts } = await memberWithContacts(1);
    const [contact] = contacts as [Contact];
    await putNotes(member.accessToken, contact._id, 'From the phone', '');
    const stale = await putNotes(member.accessToken, contact._id, 'From the laptop', '');
    expect(stale.statusCode).toBe(412);
    const body = ErrorResponseSchema.parse(json(stale));
    expect(body.code).toBe('VERSION_CONFLICT');
    expect((body.current as Contact).notes).toBe('From the phone');
    expect(Date.parse(body.changedAt ?? '')).not.toBeNaN();
    const list = json<Contact[]>(await inject(member.accessToken, 'GET', '/api/contact'));
    expect(list[0]?.notes).toBe('From the phone');
  });
});
