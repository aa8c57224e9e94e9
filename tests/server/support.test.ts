// The admin's support tools (issue 30 point 3): a member found by e-mail or Card ID, and each action,
// its audit line with the operator and the reason, and what it changes for the member and their card.
import { beforeAll, expect, it } from 'vitest';
import { type SupportMember, SupportMemberSchema } from '../../contract/support';
import { basic } from './carddav-support';
import {
  ADMIN,
  adminToken,
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  issueCard,
  json,
  SECURITY,
  STRONG_PASSWORD,
  type TestContext,
  uniqueEmail,
} from './helpers';

type Member = Awaited<ReturnType<typeof createMemberWithCard>>;

const REASON = 'Asked by phone, identity checked';

describeOnEachDatabase('support tools', (t) => {
  let admin = '';
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const find = (query: string) =>
    asAdmin('GET', `/api/admin/support/members?query=${encodeURIComponent(query)}`);
  const act = (member: { id: string }, action: string, payload: object = { reason: REASON }) =>
    asAdmin('POST', `/api/admin/support/members/${member.id}/${action}`, payload);
  const viewOf = (response: { statusCode: number; body: string }): SupportMember => {
    expect(response.statusCode, response.body).toBe(200);
    return SupportMemberSchema.parse(JSON.parse(response.body));
  };
  const lookUp = (key: string) => t().app.inject({ method: 'GET', url: `/api/nfc/${key}` });

  /** Every call on a card answers its code: the page's lookup, the vCard, its events, saving it. */
  async function expectCardCalls(key: string, code: 'CARD_REPLACED' | 'CARD_UNAVAILABLE') {
    const saver = await createMember(t());
    const answers = [
      await lookUp(key),
      await t().app.inject({ method: 'GET', url: `/api/nfc/${key}/vcard` }),
      await t().app.inject({ method: 'POST', url: `/api/nfc/${key}/events`, payload: { type: 'view' } }),
      await t().app.inject({
        method: 'POST',
        url: `/api/nfc/${key}/share-details`,
        payload: { name: 'Grace Hopper', email: 'grace@example.com', consent: true },
      }),
      await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(saver.accessToken),
        payload: { nfcUID: key },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(410);
      expect(json(answer).code).toBe(code);
    }
  }

  async function auditLines(target: string) {
    const login = await t().app.inject({ method: 'POST', url: '/api/security/login', payload: SECURITY });
    const response = await t().app.inject({
      method: 'GET',
      url: '/api/security/audit-log?limit=500',
      headers: bearer(json<{ token: string }>(login).token),
    });
    return json<{ action: string; actor: string; target: string; detail: string }[]>(response).filter(
      (entry) => entry.target === target,
    );
  }

  async function supported(t: TestContext): Promise<Member & { id: string }> {
    const member = await createMemberWithCard(t);
    const found = viewOf(await find(member.email));
    return { ...member, id: found.id };
  }

  beforeAll(async () => {
    admin = await adminToken(t());
  });

  it('finds a member by e-mail or Card ID, with card, verification, sessions and activity, and no address', async () => {
    const member = await createMemberWithCard(t());
    const byEmail = viewOf(await find(member.email.toUpperCase()));
    expect(byEmail).toMatchObject({
      email: member.email,
      isVerified: true,
      disabledAt: null,
      card: { nfcUID: member.nfcUID },
      cardLink: member.cardHandle,
      sessions: { active: 1 },
    });
    expect(byEmail.lastActivityAt).not.toBeNull();
    expect(viewOf(await find(member.nfcUID)).id).toBe(byEmail.id);
    const response = await find(member.email);
    expect(response.body).not.toMatch(/127\.0\.0\.1|ipAddress":"/);
  });

  it('says when nobody matches, and refuses what is neither an e-mail nor a Card ID', async () => {
    const missing = await find(uniqueEmail('nobody'));
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toMatchObject({
      code: 'MEMBER_NOT_FOUND',
      error: 'No member has this e-mail address or Card ID.',
    });
    expect(json(await find(await issueCard(t())))).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const unreadable = await find('ada');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain('Enter an e-mail address or a Card ID');
    // An operator's account is no member.
    expect((await find(ADMIN.email)).statusCode).toBe(404);
  });

  it('refuses an action without a reason, or for no member, and changes nothing', async () => {
    const member = await supported(t());
    const bare = await act(member, 'disable', { reason: ' ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('Please give a reason (at least 3 characters)');
    const nobody = await act({ id: '00000000-0000-4000-8000-000000000000' }, 'disable');
    expect(json(nobody)).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect(viewOf(await find(member.email)).disabledAt).toBeNull();
    expect(await auditLines(member.id)).toEqual([]);
  });

  it('resends an unverified member a verification code, within the resend wait', async () => {
    const email = uniqueEmail('unverified');
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ann Verified', email, password: STRONG_PASSWORD, dateOfBirth: '1990-05-17' },
    });
    await t().sink.waitForMail(email);
    const member = viewOf(await find(email));
    expect(member.isVerified).toBe(false);
    // The registration's code went out just now: the member's own 30-second wait holds for the admin too.
    const tooSoon = await act(member, 'resend-code');
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon).code).toBe('RATE_LIMITED');
    await t()
      .db.updateTable('email_verifications')
      .set({ sent_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', member.id)
      .execute();
    const resent = viewOf(await act(member, 'resend-code'));
    expect(resent.history[0]).toMatchObject({ action: 'SUPPORT_RESEND_CODE', actor: ADMIN.email });
    await t().sink.waitForMail(email, { newerThan: 1 });
    const verified = await supported(t());
    const already = await act(verified, 'resend-code');
    expect(already.statusCode).toBe(400);
    expect(json(already)).toMatchObject({
      code: 'ALREADY_VERIFIED',
      error: 'This member’s e-mail address is verified already.',
    });
  });

  it('unlinks a card, which can then be activated again', async () => {
    const member = await supported(t());
    const after = viewOf(await act(member, 'unlink-card'));
    expect(after.card).toBeNull();
    expect(json(await lookUp(member.nfcUID))).toMatchObject({ code: 'CARD_UNCLAIMED' });
    const again = await act(member, 'unlink-card');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'NO_CARD_LINKED', error: 'This member has no card linked.' });
    expect(await auditLines(member.id)).toEqual([
      {
        action: 'SUPPORT_UNLINK_CARD',
        actor: ADMIN.email,
        target: member.id,
        detail: `${member.nfcUID}: ${REASON}`,
        at: expect.any(String),
        id: expect.any(String),
        ipAddress: expect.any(String),
      },
    ]);
  });

  it('moves a lost card to a replacement: the old Card ID says so and is never activated again', async () => {
    const member = await supported(t());
    const replacement = await issueCard(t());
    const moved = viewOf(
      await act(member, 'replace-card', { reason: 'Lost at a fair', newCardId: replacement }),
    );
    expect(moved.card?.nfcUID).toBe(replacement);
    const old = await lookUp(member.nfcUID);
    expect(old.statusCode).toBe(410);
    expect(json(old)).toMatchObject({
      code: 'CARD_REPLACED',
      error: 'This card has been replaced by its owner.',
    });
    await expectCardCalls(member.nfcUID, 'CARD_REPLACED');
    expect(json(await lookUp(replacement))).toMatchObject({ nfcUID: replacement, name: 'Ada Lovelace' });
    // Who holds card X: the old ID still finds its owner.
    expect(viewOf(await find(member.nfcUID)).id).toBe(member.id);
    // A finder cannot take the old card over.
    const finder = await createMember(t());
    const taken = await t().app.inject({
      method: 'POST',
      url: '/api/user/updateProfile',
      headers: bearer(finder.accessToken),
      payload: { nfcUID: member.nfcUID },
    });
    expect(json(taken)).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const [line] = await auditLines(member.id);
    expect(line).toMatchObject({
      action: 'SUPPORT_REPLACE_CARD',
      detail: `${member.nfcUID} → ${replacement}: Lost at a fair`,
    });
  });

  it('refuses a replacement that is unknown, retired or someone else’s', async () => {
    const member = await supported(t());
    const other = await createMemberWithCard(t());
    const unknown = `${'a'.repeat(40)}-1`;
    for (const [newCardId, code] of [
      [unknown, 'CARD_NOT_FOUND'],
      [other.nfcUID, 'CARD_TAKEN'],
      [member.nfcUID, 'CARD_TAKEN'],
    ] as const) {
      const refused = await act(member, 'replace-card', { reason: REASON, newCardId });
      expect(json(refused), newCardId).toMatchObject({ code });
    }
    const bare = viewOf(await act(member, 'unlink-card'));
    expect(bare.card).toBeNull();
    const noCard = await act(member, 'replace-card', { reason: REASON, newCardId: await issueCard(t()) });
    expect(json(noCard)).toMatchObject({ code: 'NO_CARD_LINKED' });
  });

  it('disables an account: its tokens, refresh, sign-in and app passwords are refused at once, its card is unavailable', async () => {
    const member = await supported(t());
    const created = await t().app.inject({
      method: 'POST',
      url: '/api/user/app-passwords',
      headers: bearer(member.accessToken),
      payload: { name: 'Phone' },
    });
    const appPassword = json<{ password: string }>(created).password;
    const dav = () =>
      t().app.inject({
        method: 'PROPFIND',
        url: '/carddav/',
        headers: { ...basic(member.email, appPassword), depth: '0' },
      });
    const account = () =>
      t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(member.accessToken) });
    expect((await account()).statusCode).toBe(200);
    expect((await dav()).statusCode).toBe(207);

    const disabled = viewOf(await act(member, 'disable', { reason: 'Reported as compromised' }));
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.sessions.active).toBe(0);

    expect(json(await account())).toMatchObject({ code: 'TOKEN_INVALID' });
    const refresh = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: member.refreshToken },
    });
    expect(json(refresh)).toMatchObject({ code: 'REFRESH_TOKEN_INVALID' });
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(403);
    expect(json(login)).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      error: 'This account has been disabled. Please contact support.',
    });
    expect((await dav()).statusCode).toBe(401);
    expect(json(await lookUp(member.nfcUID))).toMatchObject({ error: 'This card is unavailable.' });
    await expectCardCalls(member.nfcUID, 'CARD_UNAVAILABLE');
    await expectCardCalls(member.cardHandle, 'CARD_UNAVAILABLE');
    const twice = await act(member, 'disable');
    expect(json(twice)).toMatchObject({ code: 'ACCOUNT_ALREADY_DISABLED' });

    const enabled = viewOf(await act(member, 'enable', { reason: 'Owner confirmed' }));
    expect(enabled.disabledAt).toBeNull();
    const again = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await lookUp(member.nfcUID)).statusCode).toBe(200);
    expect((await dav()).statusCode).toBe(207);
    expect(json(await act(member, 'enable'))).toMatchObject({ code: 'ACCOUNT_NOT_DISABLED' });

    expect((await auditLines(member.id)).map((line) => [line.action, line.actor, line.detail])).toEqual([
      ['SUPPORT_ENABLE', ADMIN.email, 'Owner confirmed'],
      ['SUPPORT_DISABLE', ADMIN.email, 'Reported as compromised'],
    ]);
    expect(enabled.history.map((line) => line.action)).toEqual(['SUPPORT_ENABLE', 'SUPPORT_DISABLE']);
  });

  it('is the admin’s alone', async () => {
    const member = await createMember(t());
    const response = await t().app.inject({
      method: 'GET',
      url: `/api/admin/support/members?query=${encodeURIComponent(member.email)}`,
      headers: bearer(member.accessToken),
    });
    expect(response.statusCode).toBe(401);
  });
});
