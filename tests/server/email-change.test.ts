// Security review §2.1: an access token alone must never move an account to another address.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  bearer,
  codeFrom,
  createMember,
  describeOnEachDatabase,
  json,
  STRONG_PASSWORD,
  uniqueEmail,
} from './helpers';

describeOnEachDatabase('changing the sign-in e-mail', (t) => {
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const login = (email: string, password: string) =>
    t().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const start = (token: string, newEmail: string, password = STRONG_PASSWORD) =>
    post('/api/user/email-change', token, { newEmail, password });
  const confirm = (token: string, code: string) => post('/api/user/email-change/confirm', token, { code });
  const codeSentTo = async (email: string) =>
    codeFrom((await t().sink.waitForMail(email, { subject: 'e-mail change code' })).text);

  it('refuses the takeover of the review: updateProfile with only an access token does not change the e-mail', async () => {
    const victim = await createMember(t());
    const attacker = uniqueEmail('mallory');
    const takeover = await post('/api/user/updateProfile', victim.accessToken, { email: attacker });
    expect(takeover.statusCode).toBe(400);
    expect(json(takeover).code).toBe('EMAIL_CHANGE_NEEDS_CONFIRMATION');
    const account = json(
      await t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(victim.accessToken) }),
    );
    expect(account.email).toBe(victim.email);
    // forgot-password for the attacker's address sends nothing anywhere; the owner still signs in.
    await t().app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: attacker } });
    expect((await login(victim.email, victim.password)).statusCode).toBe(200);
    expect((await login(attacker, victim.password)).statusCode).toBe(401);
    // The unchanged e-mail may still travel with a name change.
    const renamed = await post('/api/user/updateProfile', victim.accessToken, {
      name: 'Renamed',
      email: victim.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed).name).toBe('Renamed');
  });

  it('needs the current password', async () => {
    const member = await createMember(t());
    const wrong = await start(member.accessToken, uniqueEmail('new'), 'Wrong-Passw0rd');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ error: 'The password is not correct.', code: 'WRONG_PASSWORD' });
    const missing = await post('/api/user/email-change', member.accessToken, {
      newEmail: uniqueEmail('new'),
    });
    expect(json(missing).errors).toContain('password is required');
    const invalid = await start(member.accessToken, 'not-an-address');
    expect(json(invalid).errors).toContain('Please enter a valid email address');
  });

  it('changes only after the code sent to the new address; the old address is told and signs in until then', async () => {
    const member = await createMember(t());
    const newEmail = uniqueEmail('new');
    const started = await start(member.accessToken, newEmail);
    expect(started.statusCode).toBe(200);
    expect(json(started)).toEqual({
      message: `We sent a 6-digit code to ${newEmail}. Enter it here to confirm the change.`,
      pendingEmail: newEmail,
    });
    const notice = await t().sink.waitForMail(member.email, {
      subject: 'change of your Tapnet sign-in e-mail',
    });
    expect(notice.text).toContain(newEmail);
    const code = await codeSentTo(newEmail);
    // The old address is told, but never given the code (it may be the attacker's way in).
    expect(notice.text).not.toContain(code);

    // Pending: the old address signs in, the new one does not, and the account shows what waits.
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await login(newEmail, member.password)).statusCode).toBe(401);
    const pending = json(
      await t().app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(member.accessToken) }),
    );
    expect(pending).toMatchObject({ email: member.email, pendingEmail: newEmail });

    const wrongCode = await confirm(member.accessToken, code === '000000' ? '111111' : '000000');
    expect(json(wrongCode).code).toBe('INVALID_CODE');
    const confirmed = await confirm(member.accessToken, code);
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed)).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await login(newEmail, member.password)).statusCode).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    const changed = await t().sink.waitForMail(member.email, { subject: 'sign-in e-mail was changed' });
    expect(changed.text).toContain(newEmail);
  });

  it('does not let a pending change squat an address: its real owner registers it, and the change then fails', async () => {
    const squatter = await createMember(t());
    const ownersEmail = uniqueEmail('ceo');
    await start(squatter.accessToken, ownersEmail);
    const code = await codeSentTo(ownersEmail);
    const owner = await createMember(t(), { email: ownersEmail });
    expect(owner.accessToken).toBeTruthy();
    const late = await confirm(squatter.accessToken, code);
    expect(late.statusCode).toBe(409);
    expect(json(late).code).toBe('EMAIL_TAKEN');
    expect((await login(ownersEmail, owner.password)).statusCode).toBe(200);
    const account = json(
      await t().app.inject({
        method: 'GET',
        url: '/api/user/account',
        headers: bearer(squatter.accessToken),
      }),
    );
    expect(account).toMatchObject({ email: squatter.email, pendingEmail: null });
  });

  it('follows the code rules: 5 wrong tries kill the code, 10 an hour hold across new codes, 10 minutes of life', async () => {
    const member = await createMember(t());
    const newEmail = uniqueEmail('new');
    await start(member.accessToken, newEmail);
    const code = await codeSentTo(newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(json(await confirm(member.accessToken, wrong)).code).toBe('INVALID_CODE');
    }
    expect(json(await confirm(member.accessToken, wrong)).code).toBe('TOO_MANY_CODE_ATTEMPTS');
    expect(json(await confirm(member.accessToken, code)).code).toBe('TOO_MANY_CODE_ATTEMPTS');

    // A new code (after the 30 s resend lock) brings 5 tries, but the hour's 10 wrong codes still count.
    await sql`UPDATE email_changes SET sent_at = now() - interval '31 seconds'`.execute(t().db);
    expect((await start(member.accessToken, newEmail)).statusCode).toBe(200);
    for (let attempt = 1; attempt < 5; attempt += 1) await confirm(member.accessToken, wrong);
    const tenth = await confirm(member.accessToken, wrong);
    expect(json(tenth)).toMatchObject({
      code: 'TOO_MANY_CODE_ATTEMPTS',
      error: expect.stringMatching(/try again in \d+ minutes/),
    });
    await sql`UPDATE email_changes SET sent_at = now() - interval '31 seconds'`.execute(t().db);
    await start(member.accessToken, newEmail);
    expect(json(await confirm(member.accessToken, wrong)).error).toMatch(/try again in \d+ minutes/);

    await sql`UPDATE email_changes SET hour_started_at = now() - interval '61 minutes', expires_at = now() - interval '1 second'`.execute(
      t().db,
    );
    expect(json(await confirm(member.accessToken, wrong)).code).toBe('CODE_EXPIRED');
  });

  it('refuses the current address and an address another account has', async () => {
    const member = await createMember(t());
    const other = await createMember(t());
    expect(json(await start(member.accessToken, member.email.toUpperCase())).code).toBe('EMAIL_UNCHANGED');
    expect(json(await start(member.accessToken, other.email)).code).toBe('EMAIL_TAKEN');
    expect(json(await confirm(member.accessToken, '123456')).code).toBe('NO_EMAIL_CHANGE');
  });

  it('cancels a pending change', async () => {
    const member = await createMember(t());
    await start(member.accessToken, uniqueEmail('new'));
    const cancelled = await t().app.inject({
      method: 'DELETE',
      url: '/api/user/email-change',
      headers: bearer(member.accessToken),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(json(cancelled)).toMatchObject({ email: member.email, pendingEmail: null });
  });
});
