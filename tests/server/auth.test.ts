import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  bearer,
  codeFrom,
  createMember,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  STRONG_PASSWORD,
  uniqueEmail,
} from './helpers';

type Json = Record<string, unknown>;

describeOnEachDatabase('registration and verification', (t) => {
  const register = (payload: Json) => t().app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const verify = (email: string, code: string) =>
    t().app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
  const newMember = () => ({
    name: 'Grace Hopper',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    dateOfBirth: '1990-12-09',
  });

  it('registers, mails a 6-digit code and verifies into a signed-in session', async () => {
    const member = newMember();
    const registered = await register(member);
    expect(registered.statusCode).toBe(201);
    expect(json(registered).message).toMatch(/verification code/);

    const mail = await t().sink.waitForMail(member.email);
    expect(mail.subject).toMatch(/verification code/i);
    expect(mail.text).toContain('Hi Grace Hopper');
    const verified = await verify(member.email, codeFrom(mail.text));
    expect(verified.statusCode).toBe(200);
    const tokens = json<{ accessToken: string; refreshToken: string; role: string }>(verified);
    expect(tokens.role).toBe('user');
    expect(tokens.refreshToken.split('.')).toHaveLength(3);

    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(tokens.accessToken),
    });
    expect(account.statusCode).toBe(200);
    expect(json(account)).toMatchObject({
      name: 'Grace Hopper',
      email: member.email,
      nfcUID: null,
      // The card starts as the account's name and e-mail, so it can be sent and shown at once.
      businessCard: {
        pronouns: '',
        name: 'Grace Hopper',
        company: '',
        role: '',
        email: member.email,
        phone: '',
        linkedinURL: '',
        additionalURL: '',
      },
    });
    expect(new Date(json<{ joined: string }>(account).joined).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('stores e-mail addresses in lower case and refuses a second account for one address', async () => {
    const member = newMember();
    expect((await register({ ...member, email: `  ${member.email.toUpperCase()} ` })).statusCode).toBe(201);
    const again = await register({ ...member, name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toMatch(/already exists/);
  });

  it('explains every problem with a registration and stores nothing', async () => {
    const email = uniqueEmail();
    const response = await register({ name: '', email, password: 'short', dateOfBirth: '2020-01-01' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([
        'Name is required',
        'Password must be at least 8 characters long',
        'Password must contain an uppercase letter',
        'Password must contain a number',
        'You must be at least 16 years old to register',
      ]),
    });
    expect(
      await t().db.selectFrom('users').where('email', '=', email).selectAll().executeTakeFirst(),
    ).toBeUndefined();
  });

  it('names missing fields and rejects malformed bodies without a server error', async () => {
    const missing = await register({});
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errors).toEqual(
      expect.arrayContaining([
        'name is required',
        'email is required',
        'password is required',
        'dateOfBirth is required',
      ]),
    );
    const broken = await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).error).toBeTypeOf('string');
    expect(json(broken).code).toBe('BAD_REQUEST');
    expect(broken.body).not.toMatch(/at .*\.ts/);
    const notAnObject = await register([1, 2] as unknown as Json);
    expect(notAnObject.statusCode).toBe(400);
    const badDate = await register({ ...newMember(), dateOfBirth: '1990-02-31' });
    expect(badDate.statusCode).toBe(400);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await register({ ...newMember(), name: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
    expect(json(response).error).toBeTypeOf('string');
    expect(json(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('kills a code after five wrong tries and rejects an expired one', async () => {
    const member = newMember();
    await register(member);
    const code = codeFrom((await t().sink.waitForMail(member.email)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await verify(member.email, wrong);
      expect(response.statusCode).toBe(400);
      expect(json(response).error).toMatch(/Invalid verification code/);
    }
    expect(json(await verify(member.email, wrong)).error).toMatch(/Too many wrong codes/);
    const right = await verify(member.email, code);
    expect(right.statusCode).toBe(400);
    expect(json(right).error).toMatch(/Too many wrong codes/);

    const other = newMember();
    await register(other);
    const otherCode = codeFrom((await t().sink.waitForMail(other.email)).text);
    await sql`UPDATE email_verifications SET expires_at = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM users WHERE email = ${other.email})`.execute(t().db);
    expect(json(await verify(other.email, otherCode)).error).toMatch(/expired/);
  });

  it('caps wrong codes at 10 an hour across resends, so a new code does not bring new guesses', async () => {
    const member = newMember();
    await register(member);
    const firstCode = codeFrom((await t().sink.waitForMail(member.email)).text);
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const resendAfterLock = async () => {
      await sql`UPDATE email_verifications SET sent_at = now() - interval '31 seconds'
        WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
      t().sink.clear(member.email);
      await t().app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification-code',
        payload: { email: member.email },
      });
      return codeFrom((await t().sink.waitForMail(member.email)).text);
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) await verify(member.email, wrongFor(firstCode));
    const secondCode = await resendAfterLock();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(json(await verify(member.email, wrongFor(secondCode))).code).toBe('INVALID_CODE');
    }
    const tenth = await verify(member.email, wrongFor(secondCode));
    expect(json(tenth).error).toMatch(/^Too many wrong codes. Please try again in \d+ minutes?\.$/);
    // The third code, even the right one, waits for the hour to pass.
    const thirdCode = await resendAfterLock();
    const right = await verify(member.email, thirdCode);
    expect(right.statusCode).toBe(400);
    expect(json(right).code).toBe('TOO_MANY_CODE_ATTEMPTS');
    await sql`UPDATE email_verifications SET hour_started_at = now() - interval '61 minutes'
      WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    expect((await verify(member.email, thirdCode)).statusCode).toBe(200);
  });

  it('keeps only a hash of the code', async () => {
    const member = newMember();
    await register(member);
    const code = codeFrom((await t().sink.waitForMail(member.email)).text);
    const stored = await sql<{ code_hash: string }>`SELECT code_hash FROM email_verifications
      WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    expect(stored.rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0]?.code_hash).not.toContain(code);
  });

  it('resends a fresh code at most every 30 seconds and the old code stops working', async () => {
    const member = newMember();
    await register(member);
    const firstCode = codeFrom((await t().sink.waitForMail(member.email)).text);
    const resend = () =>
      t().app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification-code',
        payload: { email: member.email },
      });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(json(tooSoon).error).toMatch(/Please wait \d+ seconds/);
    expect(json(tooSoon).code).toBe('RATE_LIMITED');

    await sql`UPDATE email_verifications SET sent_at = now() - interval '31 seconds'
      WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    t().sink.clear(member.email);
    expect((await resend()).statusCode).toBe(200);
    const secondCode = codeFrom((await t().sink.waitForMail(member.email)).text);
    if (secondCode !== firstCode) expect((await verify(member.email, firstCode)).statusCode).toBe(400);
    expect((await verify(member.email, secondCode)).statusCode).toBe(200);
  });

  it('answers a resend for an unknown address like any other, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification-code',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    expect(t().sink.messages(email)).toHaveLength(0);
  });
});

describeOnEachDatabase('login and lockout', (t) => {
  const login = (email: string, password: string) =>
    t().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('signs in a verified member with tokens, role and user id', async () => {
    const member = await createMember(t());
    const response = await login(member.email.toUpperCase(), member.password);
    expect(response.statusCode).toBe(200);
    const body = json<{ accessToken: string; refreshToken: string; role: string; user: { id: string } }>(
      response,
    );
    expect(body.role).toBe('user');
    expect(body.accessToken.split('.')).toHaveLength(3);
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(body.accessToken),
    });
    expect(json(account)._id).toBe(body.user.id);
  });

  it('asks an unverified member to verify, only after the right password', async () => {
    const email = uniqueEmail();
    await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Unverified', email, password: STRONG_PASSWORD, dateOfBirth: '1990-01-01' },
    });
    const right = await login(email, STRONG_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(json(right).error).toMatch(/verify your email/);
    const wrong = await login(email, 'Wrong-Passw0rd');
    expect(json(wrong).error).toBe('Invalid email or password');
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const member = await createMember(t());
    const wrongPassword = await login(member.email, 'Wrong-Passw0rd');
    const unknown = await login(uniqueEmail('nobody'), 'Wrong-Passw0rd');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrongPassword)).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(json(unknown)).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('locks an address out of the account after 10 failures in 15 minutes, even for the right password, until the lock ends', async () => {
    const member = await createMember(t());
    for (let attempt = 1; attempt < 10; attempt += 1) {
      expect((await login(member.email, 'Wrong-Passw0rd')).statusCode).toBe(401);
    }
    const tenth = await login(member.email, 'Wrong-Passw0rd');
    expect(tenth.statusCode).toBe(423);
    expect(json(tenth).error).toMatch(/^Account is locked/);
    const right = await login(member.email, member.password);
    expect(right.statusCode).toBe(423);
    expect(json(right).error).toMatch(/Try again in 15 minutes/);

    await sql`UPDATE login_failures SET locked_until = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('starts counting afresh when earlier failures are older than 15 minutes', async () => {
    const member = await createMember(t());
    for (let attempt = 1; attempt <= 9; attempt += 1) await login(member.email, 'Wrong-Passw0rd');
    await sql`UPDATE login_failures SET window_start = now() - interval '16 minutes'
      WHERE user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    expect((await login(member.email, 'Wrong-Passw0rd')).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('requires email and password', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).errors).toEqual(['password is required']);
  });
});

describeOnEachDatabase('refresh tokens and logout', (t) => {
  const refresh = (refreshToken: string) =>
    t().app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

  it('rotates the refresh token and the new access token works', async () => {
    const member = await createMember(t());
    const response = await refresh(member.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = json<{ accessToken: string; refreshToken: string }>(response);
    expect(body.refreshToken).not.toBe(member.refreshToken);
    const account = await t().app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(body.accessToken),
    });
    expect(account.statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token at once', async () => {
    const member = await createMember(t());
    const [first, second] = await Promise.all([refresh(member.refreshToken), refresh(member.refreshToken)]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const member = await createMember(t());
    const next = json<{ refreshToken: string }>(await refresh(member.refreshToken)).refreshToken;
    await sql`UPDATE refresh_tokens SET replaced_at = now() - interval '31 seconds' WHERE replaced_at IS NOT NULL
      AND user_id = (SELECT id FROM users WHERE email = ${member.email})`.execute(t().db);
    const reused = await refresh(member.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(json(reused).error).toMatch(/log in again/);
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('refuses malformed, forged and access tokens', async () => {
    const member = await createMember(t());
    expect((await refresh('not-a-jwt')).statusCode).toBe(400);
    const [header, payload] = member.refreshToken.split('.');
    expect((await refresh(`${header}.${payload}.forgedsignature`)).statusCode).toBe(401);
    expect((await refresh(member.accessToken)).statusCode).toBe(401);
  });

  it('logout ends the session: its refresh token no longer works', async () => {
    const member = await createMember(t());
    const logout = await t().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: member.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });
});

describeOnEachDatabase('password reset', (t) => {
  const forgot = (email: string, headers: Record<string, string> = {}) =>
    t().app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers });
  const reset = (token: string, password: string) =>
    t().app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password } });
  const tokenFrom = (text: string) => {
    const match = text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error(`no reset link in:\n${text}`);
    return match[1];
  };

  it('answers the same whether or not the address has an account', async () => {
    const member = await createMember(t());
    const known = await forgot(member.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(json(unknown)).toEqual(json(known));
  });

  it('mails a link built from PUBLIC_URL, whatever Host the request claims', async () => {
    const member = await createMember(t());
    await forgot(member.email, { host: 'evil.example' });
    const mail = await t().sink.waitForMail(member.email, { subject: 'Reset' });
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password/`);
    expect(mail.text).not.toContain('evil.example');
  });

  it('resets once: the new password works, the old one and the link do not, and old sessions end', async () => {
    const member = await createMember(t());
    await forgot(member.email);
    const token = tokenFrom((await t().sink.waitForMail(member.email, { subject: 'Reset' })).text);
    const response = await reset(token, 'New-Passw0rd');
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toMatch(/reset/);

    const login = (password: string) =>
      t().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password } });
    expect((await login('New-Passw0rd')).statusCode).toBe(200);
    expect((await login(member.password)).statusCode).toBe(401);
    expect((await reset(token, 'Other-Passw0rd1')).statusCode).toBe(400);
    const oldSession = await t().app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: member.refreshToken },
    });
    expect(oldSession.statusCode).toBe(401);
  });

  it('refuses an expired link, a weak password and an unknown token', async () => {
    const member = await createMember(t());
    await forgot(member.email);
    const token = tokenFrom((await t().sink.waitForMail(member.email, { subject: 'Reset' })).text);
    const weak = await reset(token, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(json(weak).errors).toContain('Password must contain an uppercase letter');
    await sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`.execute(t().db);
    expect(json(await reset(token, 'New-Passw0rd')).error).toMatch(/invalid or has expired/);
    expect((await reset('A'.repeat(43), 'New-Passw0rd')).statusCode).toBe(400);
  });

  it('lifts a lockout', async () => {
    const member = await createMember(t());
    const address = '127.0.0.1';
    await sql`INSERT INTO login_failures (user_id, address, locked_until)
      SELECT id, ${address}, now() + interval '15 minutes' FROM users WHERE email = ${member.email}`.execute(
      t().db,
    );
    await sql`UPDATE users SET login_throttled_until = now() + interval '1 minute' WHERE email = ${member.email}`.execute(
      t().db,
    );
    await forgot(member.email);
    const token = tokenFrom((await t().sink.waitForMail(member.email, { subject: 'Reset' })).text);
    await reset(token, 'New-Passw0rd');
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'New-Passw0rd' },
    });
    expect(login.statusCode).toBe(200);
  });
});
