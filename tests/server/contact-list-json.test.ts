// Migration 028 stores each contact's list JSON (032, 033, 034 and 042 add fields to it); contacts saved before get
// theirs from the migrations. Here they are undone on saved contacts and run again, as an upgrade
// would: the list reads the same, and its tag does not move (the members' apps keep their cached lists).
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bearer, createMember, createMemberWithCard, describeOnEachDatabase } from './helpers';

const MIGRATIONS = [
  '028_contact_list_json.sql',
  '032_contact_list_json_shared.sql',
  '033_contact_list_json_event.sql',
  '034_contacts_added_by_hand.sql',
  '042_a_contact_photo_and_links.sql',
].map((name) =>
  readFileSync(new URL(`../../server/platform/db/migrations/${name}`, import.meta.url), 'utf8'),
);

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

describeOnEachDatabase('contacts saved before their list JSON was stored', (t) => {
  it('are listed the same once the upgrade has run, under the same tag', async () => {
    const visitor = await createMember(t());
    const saves = [];
    for (const owner of [await createMemberWithCard(t()), await createMemberWithCard(t())]) {
      const saved = await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(visitor.accessToken),
        payload: { nfcUID: owner.nfcUID, lat: 48.8566, lng: 2.3522 },
      });
      expect(saved.statusCode).toBe(201);
      saves.push(saved.json().contact);
    }
    // One contact met at an event (migration 033's field), the other at none.
    const tagged = await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${saves[0]._id}/event`,
      headers: bearer(visitor.accessToken),
      payload: { event: 'Web Summit "2026"' },
    });
    expect(tagged.statusCode).toBe(200);
    const addedByHand = await t().app.inject({
      method: 'POST',
      url: '/api/contact/add',
      headers: bearer(visitor.accessToken),
      payload: { name: 'Paper Card', phone: '+1 555 0199', where: 'at the fair' },
    });
    expect(addedByHand.json()).toMatchObject({ contact: { addedByHand: true } });
    const list = () =>
      t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(visitor.accessToken) });
    const before = await list();
    expect(before.json()).toHaveLength(3);
    expect(before.json()).toEqual(
      expect.arrayContaining([saves[1], tagged.json(), addedByHand.json().contact]),
    );

    // As the database was before migration 028.
    await sql`DROP TRIGGER contacts_list_json ON contacts`.execute(t().db);
    await sql`DROP FUNCTION contact_list_json()`.execute(t().db);
    await sql`ALTER TABLE contacts DROP COLUMN list_json`.execute(t().db);
    for (const statement of MIGRATIONS.flatMap(statementsOf)) await sql.raw(statement).execute(t().db);

    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    expect(after.json()).toHaveLength(3);
    expect(after.headers.etag).toBe(before.headers.etag);
  });
});
