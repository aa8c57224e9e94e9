// Migration 028 stored each contact's list JSON (032, 033 and 034 added fields to it); migration 043
// drops it, the list being serialised from toContact and remembered per member (list-memory.ts). Here a
// database is taken back to the stored JSON and 043 is run again, as an upgrade would: the list reads
// the same from the database, and its tag does not move (the members' apps keep their cached lists).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bearer, createMember, createMemberWithCard, describeOnEachDatabase } from './helpers';

const migration = (name: string) =>
  readFileSync(new URL(`../../server/platform/db/migrations/${name}`, import.meta.url), 'utf8');
const STORED_JSON = [
  '028_contact_list_json.sql',
  '032_contact_list_json_shared.sql',
  '033_contact_list_json_event.sql',
  '034_contacts_added_by_hand.sql',
].map(migration);
const DROPPED = migration('043_contact_list_json_dropped.sql');

/** The migration's statements one by one (the test's connection runs one at a time); a $$ body stays whole. */
function statementsOf(script: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let isInBody = false;
  for (const line of script.split('\n')) {
    if (line.startsWith('--') && current.length === 0) continue;
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) isInBody = !isInBody;
    if (!isInBody && line.trimEnd().endsWith(';')) {
      statements.push(current.join('\n'));
      current = [];
    }
  }
  return statements;
}

describeOnEachDatabase('contacts saved while their list JSON was stored', (t) => {
  it('are listed the same once migration 043 has dropped it, under the same tag', async () => {
    const visitor = await createMember(t());
    const headers = bearer(visitor.accessToken);
    for (const owner of [await createMemberWithCard(t()), await createMemberWithCard(t())]) {
      const saved = await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers,
        payload: { nfcUID: owner.nfcUID, lat: 48.8566, lng: 2.3522 },
      });
      expect(saved.statusCode).toBe(201);
    }
    const added = await t().app.inject({
      method: 'POST',
      url: '/api/contact/add',
      headers,
      payload: { name: 'Paper Card', phone: '+1 555 0199', where: 'at the fair' },
    });
    expect(added.json()).toMatchObject({ contact: { addedByHand: true } });

    // As the database was before migration 043, with each contact's JSON stored (and written by the
    // trigger on a change made then).
    for (const statement of STORED_JSON.flatMap(statementsOf)) await sql.raw(statement).execute(t().db);
    const [first] = (await t().app.inject({ method: 'GET', url: '/api/contact', headers })).json() as Array<{
      _id: string;
    }>;
    const tagged = await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${first?._id}/event`,
      headers,
      payload: { event: 'Web Summit "2026"' },
    });
    expect(tagged.statusCode).toBe(200);
    const before = await t().app.inject({ method: 'GET', url: '/api/contact', headers });
    expect(before.json()).toHaveLength(3);

    for (const statement of statementsOf(DROPPED)) await sql.raw(statement).execute(t().db);

    // A cursor of no list of this member's: the whole list, read from the database.
    const reread = await t().app.inject({ method: 'GET', url: '/api/contact?since=none', headers });
    expect(reread.statusCode).toBe(200);
    expect(reread.json()).toMatchObject({ cursor: before.headers.etag, isFullList: true });
    expect(reread.json().contacts).toEqual(before.json());
    const after = await t().app.inject({ method: 'GET', url: '/api/contact', headers });
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.json()).toEqual(before.json());
  });
});
