// Two app instances on one PostgreSQL, as two processes (or WORKERS=2) run them: each remembers its
// members' list tags, lists and accounts in memory (server/platform/db/change-notices.ts), and a change made through the
// other must still reach it, also when its notices' connection was cut. Real PostgreSQL, real SMTP sink;
// every wait is for a state.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_LIST_ETAG_HEADER } from '../../contract/contacts';
import { contactListTag } from '../../server/modules/contacts/list-etag';
import { wholeList } from '../../server/modules/contacts/list-splice';
import { readContactListPart } from '../../server/modules/contacts/queries';
import { CHANGE_NOTICES_APPLICATION_NAME } from '../../server/platform/db/change-notices';
import { openDatabase } from '../../server/platform/db/connection';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/throwaway-postgres';
import { bearer, createMember, createMemberWithCard, startTestApp, type TestContext } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
/** A notice arrives in milliseconds; a lost connection is noticed and remade within about a second. */
const UNTIL = { timeout: 10_000, interval: 25 };

describe.runIf(adminUrl)('two app instances on one PostgreSQL', () => {
  let database: ThrowawayDatabase;
  const instances: Array<TestContext & { close(): Promise<void> }> = [];
  const first = () => instances[0] as TestContext;
  const second = () => instances[1] as TestContext;

  beforeAll(async () => {
    database = await createThrowawayDatabase(adminUrl ?? '', 'tapnet_test');
    const sameDatabase = {
      name: 'postgres' as const,
      open: async () => ({
        connection: await openDatabase({ databaseUrl: database.url }),
        drop: async () => {},
      }),
    };
    // One after the other: the first applies the migrations. Both mail to the first one's sink, as
    // either may deliver what the other queued (one outbox in the database).
    instances.push(await startTestApp(sameDatabase));
    instances.push(await startTestApp(sameDatabase, { SMTP_URL: first().sink.smtpUrl }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database.drop();
  });

  const list = (t: TestContext, token: string, tag?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: { ...bearer(token), ...(tag ? { 'if-none-match': tag } : {}) },
    });

  const save = (token: string, nfcUID: string) =>
    first().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(token),
      payload: { nfcUID },
    });

  /** A member with one contact, whose list the second instance has answered with a 304 (so it remembers it). */
  async function memberPollingTheSecond() {
    const member = await createMember(first());
    const owner = await createMemberWithCard(first());
    const saved = await save(member.accessToken, owner.nfcUID);
    expect(saved.statusCode).toBe(201);
    const tag = String(saved.headers[CONTACT_LIST_ETAG_HEADER]);
    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, tag)).statusCode).toBe(304),
      UNTIL,
    );
    return { member, tag, contactId: String(saved.json().contact._id) };
  }

  it("turns the other instance's 304 into a 200 with the new list when a contact is saved through one", async () => {
    const { member, tag } = await memberPollingTheSecond();
    const another = await createMemberWithCard(first());
    const saved = await save(member.accessToken, another.nfcUID);
    const newTag = String(saved.headers[CONTACT_LIST_ETAG_HEADER]);
    expect(newTag).not.toBe(tag);

    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, tag)).statusCode).toBe(200),
      UNTIL,
    );
    const fresh = await list(second(), member.accessToken, tag);
    expect(fresh.headers.etag).toBe(newTag);
    expect(fresh.json()).toHaveLength(2);
    expect((await list(second(), member.accessToken, newTag)).statusCode).toBe(304);
  });

  it('sends, from the other instance, the whole list with a contact saved through one at once', async () => {
    const { member } = await memberPollingTheSecond();
    const remembered = await list(second(), member.accessToken);
    expect(remembered.json()).toHaveLength(1);
    const another = await createMemberWithCard(first());
    const saved = await save(member.accessToken, another.nfcUID);
    expect(saved.statusCode).toBe(201);

    // No wait for the notice: the version read catches what the notice has not yet told.
    const fresh = await list(second(), member.accessToken);
    expect(fresh.headers.etag).toBe(saved.headers[CONTACT_LIST_ETAG_HEADER]);
    expect(fresh.json()).toHaveLength(2);
  });

  it("brings the other instance's remembered list up to date with each change made through one, at once", async () => {
    const { member, contactId } = await memberPollingTheSecond();
    const token = member.accessToken;
    expect((await list(second(), token)).statusCode).toBe(200);
    const { owner_id: memberId } = await first()
      .db.selectFrom('contacts')
      .select('owner_id')
      .where('id', '=', contactId)
      .executeTakeFirstOrThrow();
    const another = await createMemberWithCard(first());
    const through = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      first().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const writes: Array<[string, () => Promise<{ statusCode: number }>]> = [
      ['a flag', () => through('PUT', `/api/contact/${contactId}/flag`, { isFlagged: true })],
      ['a save', () => save(token, another.nfcUID)],
      ['a note', () => through('PUT', `/api/contact/${contactId}`, { notes: 'seen on the other one' })],
      ['a delete', () => through('DELETE', `/api/contact/${contactId}`)],
    ];
    for (const [change, write] of writes) {
      expect((await write()).statusCode, change).toBeLessThan(300);
      // No wait for the notice: the version read catches what it has not yet told.
      const fresh = await list(second(), token);
      const built = wholeList(await readContactListPart(first().db, memberId));
      expect(fresh.body, `after ${change}`).toBe(built.body.toString());
      expect(fresh.headers.etag, `after ${change}`).toBe(contactListTag(memberId, built.version));
    }
    const remaining = (await list(second(), token)).json() as { _id: string; nfcUID: string | null }[];
    expect(remaining.map((contact) => contact._id)).not.toContain(contactId);
    expect(remaining).toEqual([expect.objectContaining({ nfcUID: another.nfcUID })]);
  });

  it('refuses, on the other instance, the token of an account deleted through one', async () => {
    const { member, tag } = await memberPollingTheSecond();
    await first().db.deleteFrom('users').where('email', '=', member.email).execute();
    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, tag)).statusCode).toBe(401),
      UNTIL,
    );
  });

  it('still sees a change made while its notices were cut off, and takes notices again once reconnected', async () => {
    const { member, tag, contactId } = await memberPollingTheSecond();
    const listeners = () =>
      sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = ${CHANGE_NOTICES_APPLICATION_NAME}`.execute(
        first().db,
      );
    expect((await listeners()).rows).toHaveLength(2);
    // Cut both instances' notices, and change the list while they are gone: no notice of it can arrive.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${CHANGE_NOTICES_APPLICATION_NAME}`.execute(
      first().db,
    );
    await first()
      .db.updateTable('contacts')
      .set({ notes: 'while cut off' })
      .where('id', '=', contactId)
      .execute();
    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, tag)).statusCode).toBe(200),
      UNTIL,
    );

    await vi.waitFor(async () => expect((await listeners()).rows).toHaveLength(2), UNTIL);
    const current = String((await list(second(), member.accessToken)).headers.etag);
    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, current)).statusCode).toBe(304),
      UNTIL,
    );
    await first().db.updateTable('contacts').set({ notes: 'after' }).where('id', '=', contactId).execute();
    await vi.waitFor(
      async () => expect((await list(second(), member.accessToken, current)).statusCode).toBe(200),
      UNTIL,
    );
  });
});
