import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { bearer, createMember, createMemberWithCard, describeOnEachDatabase, json } from './helpers';

const MIGRATION = readFileSync(
  new URL('../../server/platform/db/migrations/011_idempotency_error_codes.sql', import.meta.url),
  'utf8',
);

describeOnEachDatabase('answers to repeated saves stored before error codes existed', (t) => {
  it('replays a stored "already exists" refusal with its code once the upgrade has run', async () => {
    const owner = await createMemberWithCard(t());
    const visitor = await createMember(t());
    const user = await t()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', visitor.email)
      .executeTakeFirstOrThrow();
    const key = 'legacy-save-0001';
    await sql`INSERT INTO idempotency_keys (user_id, key, status_code, response_body)
      VALUES (${user.id}, ${key}, 400, ${JSON.stringify({ error: 'Contact already exists' })})`.execute(
      t().db,
    );

    await sql.raw(MIGRATION).execute(t().db);

    const replay = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: { ...bearer(visitor.accessToken), 'idempotency-key': key },
      payload: { nfcUID: owner.nfcUID },
    });
    expect(replay.statusCode).toBe(400);
    expect(json(replay)).toEqual({ error: 'Contact already exists', code: 'CONTACT_EXISTS' });
  });
});
