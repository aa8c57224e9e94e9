import { expect, it } from 'vitest';
import { ACCOUNT_DELETED_MESSAGE } from '../../contract/user';
import { hasOptedOutOfEmail } from '../../server/modules/user/queries';
import {
  ADMIN,
  adminToken,
  bearer,
  businessCard,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMember>>;

function saveCard(t: TestContext, saver: Member, nfcUID: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/contact/create',
    headers: bearer(saver.accessToken),
    payload: { nfcUID, lat: 51.5, lng: -0.12 },
  });
}

async function userIdOf(t: TestContext, email: string): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

type DeletePath = '/api/user/delete-account' | '/api/user/delete';

/** The delete call as the screens send it: the member's token and the password they typed. */
function deleteAccount(t: TestContext, member: Pick<Member, 'accessToken' | 'password'>, path: DeletePath) {
  return t.app.inject({
    method: 'DELETE',
    url: path,
    headers: bearer(member.accessToken),
    payload: { password: member.password },
  });
}

describeOnEachDatabase('deleting an account', (t) => {
  const remove = (member: Pick<Member, 'accessToken' | 'password'>, path: DeletePath) =>
    deleteAccount(t(), member, path);

  /** Rows left in every table that holds something of the member. */
  async function leftovers(userId: string) {
    const db = t().db;
    const count = async (query: Promise<unknown[]>) => (await query).length;
    return {
      users: await count(db.selectFrom('users').select('id').where('id', '=', userId).execute()),
      businessCards: await count(
        db.selectFrom('business_cards').select('user_id').where('user_id', '=', userId).execute(),
      ),
      contacts: await count(db.selectFrom('contacts').select('id').where('owner_id', '=', userId).execute()),
      cards: await count(db.selectFrom('cards').select('nfc_uid').where('user_id', '=', userId).execute()),
      refreshTokens: await count(
        db.selectFrom('refresh_tokens').select('id_hash').where('user_id', '=', userId).execute(),
      ),
      passwordResets: await count(
        db.selectFrom('password_resets').select('token_hash').where('user_id', '=', userId).execute(),
      ),
      verifications: await count(
        db.selectFrom('email_verifications').select('user_id').where('user_id', '=', userId).execute(),
      ),
      idempotencyKeys: await count(
        db.selectFrom('idempotency_keys').select('key').where('user_id', '=', userId).execute(),
      ),
      cardEvents: await count(
        db.selectFrom('card_events').select('id').where('card_owner_id', '=', userId).execute(),
      ),
    };
  }

  it('removes every trace of the member and returns their card to the unclaimed pool', async () => {
    const member = await createMemberWithCard(t());
    const userId = await userIdOf(t(), member.email);
    const other = await createMemberWithCard(t(), { name: 'Grace Hopper', email: 'grace@example.com' });
    // What the member leaves behind: a saved contact (through an idempotent save), a pending reset
    // link, a card page event, and a second sign-in.
    const saved = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: { ...bearer(member.accessToken), 'idempotency-key': 'delete-me-key-1' },
      payload: { nfcUID: other.nfcUID },
    });
    expect(saved.statusCode).toBe(201);
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    await t().app.inject({
      method: 'POST',
      url: `/api/nfc/${member.nfcUID}/events`,
      payload: { type: 'view', referrer: 'none' },
    });
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    const before = await leftovers(userId);
    expect(before).toMatchObject({ users: 1, businessCards: 1, contacts: 1, cards: 1, idempotencyKeys: 1 });
    expect(before.refreshTokens).toBeGreaterThanOrEqual(2);
    expect(before.passwordResets).toBe(1);
    expect(before.cardEvents).toBe(1);

    const response = await remove(member, '/api/user/delete-account');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: ACCOUNT_DELETED_MESSAGE });

    expect(await leftovers(userId)).toEqual({
      users: 0,
      businessCards: 0,
      contacts: 0,
      cards: 0,
      refreshTokens: 0,
      passwordResets: 0,
      verifications: 0,
      idempotencyKeys: 0,
      cardEvents: 0,
    });
    const card = await t()
      .db.selectFrom('cards')
      .selectAll()
      .where('nfc_uid', '=', member.nfcUID)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ user_id: null, claimed_at: null });
    const lookup = await t().app.inject({ method: 'GET', url: `/api/nfc/${member.nfcUID}` });
    expect(lookup.statusCode).toBe(404);
    expect(json(lookup)).toMatchObject({ code: 'CARD_UNCLAIMED' });
  });

  it('ends every session: the access token, refresh tokens and password all stop working', async () => {
    const member = await createMember(t());
    expect((await remove(member, '/api/user/delete')).statusCode).toBe(200);

    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(account.statusCode).toBe(401);
    const again = await remove(member, '/api/user/delete');
    expect(again.statusCode).toBe(401);
    const refresh = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: member.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it("keeps other members' saved copies of the card, and lets someone else link the card", async () => {
    const member = await createMemberWithCard(t());
    const saver = await createMember(t());
    expect((await saveCard(t(), saver, member.nfcUID)).statusCode).toBe(201);

    expect((await remove(member, '/api/user/delete')).statusCode).toBe(200);

    const contacts = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(saver.accessToken),
    });
    expect(json<unknown[]>(contacts)).toEqual([
      expect.objectContaining({ ...businessCard, nfcUID: member.nfcUID, lat: 51.5, lng: -0.12 }),
    ]);

    const newHolder = await createMember(t());
    const linked = await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(newHolder.accessToken),
      payload: { nfcUID: member.nfcUID },
    });
    expect(linked.statusCode).toBe(200);
    expect(json(linked)).toMatchObject({ nfcUID: member.nfcUID });
  });

  it('asks for the password: without it, or with a wrong one, nothing is deleted', async () => {
    const member = await createMemberWithCard(t());
    const userId = await userIdOf(t(), member.email);
    const before = await leftovers(userId);
    const withoutBody = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/delete',
      headers: { ...bearer(member.accessToken), 'content-type': 'application/json' },
    });
    expect(withoutBody.statusCode).toBe(400);
    expect(json(withoutBody)).toMatchObject({ code: 'VALIDATION_FAILED' });
    const empty = await remove({ ...member, password: '' }, '/api/user/delete');
    expect(json(empty)).toMatchObject({ code: 'VALIDATION_FAILED', errors: ['Password is required'] });
    for (const path of ['/api/user/delete-account', '/api/user/delete'] as const) {
      const wrong = await remove({ ...member, password: `${member.password}x` }, path);
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong)).toEqual({ error: 'The password is not correct.', code: 'WRONG_PASSWORD' });
    }

    expect(await leftovers(userId)).toEqual(before);
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(json(account)).toMatchObject({ email: member.email, nfcUID: member.nfcUID });
    expect((await remove(member, '/api/user/delete')).statusCode).toBe(200);
  });

  it('lets the same e-mail register again as a new member', async () => {
    const member = await createMember(t());
    const oldId = await userIdOf(t(), member.email);
    expect((await remove(member, '/api/user/delete-account')).statusCode).toBe(200);

    const again = await createMember(t(), { email: member.email, name: 'Ada Again' });
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(again.accessToken),
    });
    expect(json(account)).toMatchObject({ name: 'Ada Again', email: member.email, nfcUID: null });
    expect(json<{ _id: string }>(account)._id).not.toBe(oldId);
  });

  it('deletes nothing without a member token, and refuses operator tokens', async () => {
    const member = await createMember(t());
    const admin = await adminToken(t());
    for (const path of ['/api/user/delete-account', '/api/user/delete'] as const) {
      const anonymous = await t().app.inject({ method: 'DELETE', url: path });
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous)).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
      expect((await remove({ accessToken: admin, password: ADMIN.password }, path)).statusCode).toBe(401);
      expect((await remove({ ...member, accessToken: 'not.a.token' }, path)).statusCode).toBe(401);
    }
    const operator = await t().db.selectFrom('users').select('id').where('email', '=', ADMIN.email).execute();
    expect(operator).toHaveLength(1);
    expect(await leftovers(await userIdOf(t(), member.email))).toMatchObject({ users: 1 });
  });

  it('does not touch anyone else', async () => {
    const member = await createMemberWithCard(t());
    const bystander = await createMemberWithCard(t());
    const bystanderId = await userIdOf(t(), bystander.email);
    expect((await saveCard(t(), bystander, member.nfcUID)).statusCode).toBe(201);
    expect((await saveCard(t(), member, bystander.nfcUID)).statusCode).toBe(201);

    expect((await remove(member, '/api/user/delete')).statusCode).toBe(200);

    expect(await leftovers(bystanderId)).toMatchObject({ users: 1, businessCards: 1, contacts: 1, cards: 1 });
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(bystander.accessToken),
    });
    expect(json(account)).toMatchObject({ nfcUID: bystander.nfcUID });
  });
});

describeOnEachDatabase('notification settings', (t) => {
  const read = (token: string) =>
    t().app.inject({ method: 'GET', url: '/api/user/notification-settings', headers: bearer(token) });
  const write = (token: string, payload: unknown) =>
    t().app.inject({
      method: 'POST',
      url: '/api/user/notification-settings',
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  it('starts opted in, stores an opt-out and an opt-in again', async () => {
    const member = await createMember(t());
    expect(json(await read(member.accessToken))).toEqual({ emailOptOut: false });

    const optOut = await write(member.accessToken, { emailOptOut: true });
    expect(optOut.statusCode).toBe(200);
    expect(json(optOut)).toEqual({ emailOptOut: true });
    expect(json(await read(member.accessToken))).toEqual({ emailOptOut: true });
    expect(await hasOptedOutOfEmail(t().db, member.email)).toBe(true);
    expect(await hasOptedOutOfEmail(t().db, `  ${member.email.toUpperCase()} `)).toBe(true);

    expect(json(await write(member.accessToken, { emailOptOut: false }))).toEqual({ emailOptOut: false });
    expect(await hasOptedOutOfEmail(t().db, member.email)).toBe(false);
  });

  it('keeps each member their own setting, and says no for addresses of nobody', async () => {
    const [first, second] = [await createMember(t()), await createMember(t())];
    await write(first.accessToken, { emailOptOut: true });
    expect(json(await read(second.accessToken))).toEqual({ emailOptOut: false });
    expect(await hasOptedOutOfEmail(t().db, second.email)).toBe(false);
    expect(await hasOptedOutOfEmail(t().db, 'nobody@example.com')).toBe(false);
  });

  it('refuses a body without a boolean emailOptOut and changes nothing', async () => {
    const member = await createMember(t());
    for (const payload of [{}, { emailOptOut: 'yes' }, { emailOptOut: 1 }, { emailOptOut: null }]) {
      const response = await write(member.accessToken, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ error: 'Validation failed' });
    }
    for (const raw of ['{"emailOptOut":', '{"__proto__":{"isAdmin":true},"emailOptOut":true}', '']) {
      const response = await t().app.inject({
        method: 'POST',
        url: '/api/user/notification-settings',
        headers: { ...bearer(member.accessToken), 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode).toBe(400);
    }
    const missing = await write(member.accessToken, {});
    expect(json(missing)).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      errors: ['emailOptOut is required'],
    });
    expect(json(await read(member.accessToken))).toEqual({ emailOptOut: false });
  });

  it('answers only members', async () => {
    const admin = await adminToken(t());
    expect((await t().app.inject({ method: 'GET', url: '/api/user/notification-settings' })).statusCode).toBe(
      401,
    );
    expect((await read(admin)).statusCode).toBe(401);
    expect((await write(admin, { emailOptOut: true })).statusCode).toBe(401);
  });

  it('still sends password-reset mail to a member who opted out', async () => {
    const member = await createMember(t());
    await write(member.accessToken, { emailOptOut: true });
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    const mail = await t().sink.waitForMail(member.email, { subject: 'Reset your' });
    expect(mail.text).toContain('/reset-password/');
  });
});

describeOnEachDatabase('exporting my contacts', (t) => {
  const download = (token: string | undefined, format: 'vcf' | 'csv') =>
    t().app.inject({
      method: 'GET',
      url: `/api/user/export/contacts.${format}`,
      headers: token ? bearer(token) : {},
    });

  async function memberWithContacts() {
    const member = await createMember(t());
    const ada = await createMemberWithCard(t());
    const tricky = await createMemberWithCard(t(), {
      name: '=HYPERLINK("http://evil.example","Zoë")',
      company: '@SUM(A1:A9)',
      role: '',
      phone: '+44 20 7946 0001',
      linkedinURL: '',
      additionalURL: '',
      pronouns: '',
    });
    expect((await saveCard(t(), member, ada.nfcUID)).statusCode).toBe(201);
    expect((await saveCard(t(), member, tricky.nfcUID)).statusCode).toBe(201);
    await t()
      .db.updateTable('contacts')
      .set({ notes: 'Met at the\nengine demo' })
      .where('nfc_uid', '=', ada.nfcUID)
      .execute();
    return { member, ada, tricky };
  }

  it('downloads all my contacts as one vCard file', async () => {
    const { member, ada } = await memberWithContacts();
    const response = await download(member.accessToken, 'vcf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tapnet-contacts.vcf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const cards = response.body.split('BEGIN:VCARD\r\n').slice(1);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('FN:Ada Lovelace\r\n');
    expect(cards[0]).toContain(`EMAIL;TYPE=INTERNET:${businessCard.email}\r\n`);
    expect(cards[0]).toContain('NOTE:Pronouns: she/her\\nMet at the\\nengine demo\r\n');
    expect(cards[1]).toContain('TEL;TYPE=CELL:+44 20 7946 0001\r\n');
    expect(response.body).not.toContain(ada.nfcUID);
    expect(response.body.endsWith('END:VCARD\r\n')).toBe(true);
  });

  it('downloads all my contacts as CSV that a spreadsheet cannot run', async () => {
    const { member, ada } = await memberWithContacts();
    const response = await download(member.accessToken, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tapnet-contacts.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, first, second] = response.body.slice(1).split('\r\n');
    expect(header).toBe(
      'name,pronouns,company,role,email,phone,linkedinURL,additionalURL,notes,isFlagged,connectedAt,event,lat,lng,nfcUID',
    );
    expect(first).toMatch(
      new RegExp(
        `^Ada Lovelace,she/her,Analytical Engines; Ltd,"Mathematician, Poet",ada@example.com,` +
          `\\+44 20 7946 0000,linkedin.com/in/ada,https://ada.example.com,"Met at the\nengine demo",false,` +
          `\\d{4}-\\d\\d-\\d\\dT[^,]+,,51.5,-0.12,${ada.nfcUID}$`,
      ),
    );
    expect(response.body).toContain('"Met at the\nengine demo"');
    expect(second).toContain(`"'=HYPERLINK(""http://evil.example"",""Zoë"")",,'@SUM(A1:A9),,`);
    expect(second).toContain(',+44 20 7946 0001,');
  });

  it('gives only my own contacts, and an empty file when I have none', async () => {
    const { member } = await memberWithContacts();
    const loner = await createMember(t());
    const vcf = await download(loner.accessToken, 'vcf');
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toBe('');
    const csv = await download(loner.accessToken, 'csv');
    expect(csv.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(
      (await download(member.accessToken, 'csv')).body.slice(1).split('\r\n').filter(Boolean),
    ).toHaveLength(3);
  });

  it('answers only members', async () => {
    const admin = await adminToken(t());
    for (const format of ['vcf', 'csv'] as const) {
      expect((await download(undefined, format)).statusCode).toBe(401);
      expect((await download(admin, format)).statusCode).toBe(401);
    }
    const member = await createMember(t());
    expect(
      (
        await t().app.inject({
          method: 'GET',
          url: '/api/user/export/contacts.pdf',
          headers: bearer(member.accessToken),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describeOnEachDatabase(
  'deleting an account with a stolen access token',
  (t) => {
    it('counts wrong passwords like wrong sign-ins: past the budget even the right one waits, the owner still signs in', async () => {
      const member = await createMember(t());
      const wrong = { ...member, password: 'Guess-Passw0rd' };
      // ACCOUNT_LOGIN_LIMITS: 20 free failures in 15 minutes; the 21st starts a wait of 1 s, which the
      // next call (a few milliseconds later) meets.
      for (let attempt = 1; attempt <= 21; attempt += 1) {
        expect(json(await deleteAccount(t(), wrong, '/api/user/delete'))).toMatchObject({
          code: 'WRONG_PASSWORD',
        });
      }
      const held = await deleteAccount(t(), member, '/api/user/delete');
      expect(held.statusCode).toBe(429);
      expect(json(held)).toEqual({
        error: 'Too many failed sign-in attempts on this account. Please try again later.',
        code: 'RATE_LIMITED',
      });

      // The guesses came with a token, from no address of the owner's: their sign-in is not held back,
      // and it ends the slow-down.
      const login = await t().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
      });
      expect(login.statusCode).toBe(200);
      expect((await deleteAccount(t(), member, '/api/user/delete-account')).statusCode).toBe(200);
    });
  },
  // Room for 30 calls a minute on the route, so that the account's budget is what refuses.
  { RATE_LIMIT_SCALE: '3' },
);
