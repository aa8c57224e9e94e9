// Operators' passkeys (issue 30 point 4): added under a name (WebAuthn registration with the server's
// challenge), listed, removed; offered at sign-in after the password; the challenge kept server-side,
// used once, for five minutes, and bound to its operator and purpose; the origin and RP ID from
// configuration (PUBLIC_URL here). A software authenticator (tests/support/software-authenticator.ts)
// answers as a browser would, and @simplewebauthn/server's real verification checks it.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { MAX_PASSKEYS } from '../../server/modules/operators/passkeys';
import { SoftwareAuthenticator } from '../support/software-authenticator';
import {
  ADMIN,
  bearer,
  describeOnEachDatabase,
  json,
  PUBLIC_URL,
  SECURITY,
  type TestContext,
} from './helpers';

const HERE = { origin: PUBLIC_URL, rpId: new URL(PUBLIC_URL).hostname };

async function signIn(t: TestContext, role: 'admin' | 'security' = 'security') {
  const payload = role === 'admin' ? ADMIN : SECURITY;
  const response = await t.app.inject({ method: 'POST', url: `/api/${role}/login`, payload });
  expect(response.statusCode).toBe(200);
  return json<{ token?: string; secondFactorToken?: string }>(response);
}

function call(
  t: TestContext,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** Adds a passkey for the signed-in security operator; answers the response. */
async function addPasskey(t: TestContext, token: string, key: SoftwareAuthenticator, name = 'Laptop key') {
  const options = await call(t, 'POST', '/api/security/passkeys/options', token);
  expect(options.statusCode).toBe(200);
  const credential = key.register(json<{ challenge: string }>(options));
  return call(t, 'POST', '/api/security/passkeys', token, { name, credential });
}

function passkeyStep(t: TestContext, path: 'options' | '', payload: object) {
  return t.app.inject({
    method: 'POST',
    url: path ? '/api/security/login/passkey/options' : '/api/security/login/passkey',
    payload,
  });
}

/** Every test starts from a security operator without factors (the suite's app is shared). */
async function forgetFactors(t: TestContext) {
  await t.db.deleteFrom('operator_passkeys').execute();
  await t.db.deleteFrom('operator_passkey_challenges').execute();
  await t.db.deleteFrom('operator_recovery_codes').execute();
  await t.db.deleteFrom('operator_factors').execute();
}

describeOnEachDatabase('operators’ passkeys', (context) => {
  it('adds a named passkey, then signs in with it after the password; an answer is not taken twice', async () => {
    const t = context();
    await forgetFactors(t);
    const first = (await signIn(t)).token ?? '';
    const key = new SoftwareAuthenticator(HERE);
    const added = await addPasskey(t, first, key);
    expect(added.statusCode).toBe(200);
    const body = json<{ passkeys: { id: string; name: string; lastUsedAt: string | null }[]; token: string }>(
      added,
    );
    expect(body.passkeys).toEqual([expect.objectContaining({ name: 'Laptop key', lastUsedAt: null })]);
    expect(json(await call(t, 'GET', '/api/security/second-factor', body.token))).toMatchObject({
      enrolled: false,
      passkeys: 1,
    });

    const { secondFactorToken = '' } = await signIn(t);
    expect(secondFactorToken).not.toBe('');
    const options = await passkeyStep(t, 'options', { secondFactorToken });
    expect(options.statusCode).toBe(200);
    const request = json<{ challenge: string; rpId: string; allowCredentials: { id: string }[] }>(options);
    expect(request.rpId).toBe('tapnet.test');
    expect(request.allowCredentials.map(({ id }) => id)).toEqual([key.id]);

    const answer = key.authenticate(request);
    const signedIn = await passkeyStep(t, '', { secondFactorToken, credential: answer });
    expect(signedIn.statusCode).toBe(200);
    const { token } = json<{ token: string }>(signedIn);
    expect((await call(t, 'GET', '/api/security/session', token)).statusCode).toBe(200);
    const listed = json<{ passkeys: { lastUsedAt: string | null }[] }>(
      await call(t, 'GET', '/api/security/passkeys', token),
    );
    expect(listed.passkeys[0]?.lastUsedAt).not.toBeNull();

    // The challenge was spent: the same answer again is refused.
    const replayed = await passkeyStep(t, '', { secondFactorToken, credential: answer });
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed)).toMatchObject({
      code: 'PASSKEY_INVALID',
      error: 'This passkey could not be used. Please try again, or use a code from your authenticator app.',
    });
  });

  it('refuses an answer from another origin, for an expired challenge, or for another operator’s challenge', async () => {
    const t = context();
    await forgetFactors(t);
    const token = (await signIn(t)).token ?? '';
    const key = new SoftwareAuthenticator(HERE);

    const elsewhere = await call(t, 'POST', '/api/security/passkeys/options', token);
    const phished = key.register(json<{ challenge: string }>(elsewhere), 'https://tapnet.example.net');
    const refused = await call(t, 'POST', '/api/security/passkeys', token, {
      name: 'Key',
      credential: phished,
    });
    expect([refused.statusCode, json(refused).code]).toEqual([400, 'PASSKEY_INVALID']);

    const late = await call(t, 'POST', '/api/security/passkeys/options', token);
    await t.db
      .updateTable('operator_passkey_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    const expired = key.register(json<{ challenge: string }>(late));
    const tooLate = await call(t, 'POST', '/api/security/passkeys', token, {
      name: 'Key',
      credential: expired,
    });
    expect([tooLate.statusCode, json(tooLate).code]).toEqual([400, 'PASSKEY_INVALID']);

    // A challenge the admin was given does not add a passkey to the security operator.
    const adminToken = (await signIn(t, 'admin')).token ?? '';
    const adminOptions = await call(t, 'POST', '/api/admin/passkeys/options', adminToken);
    const borrowed = key.register(json<{ challenge: string }>(adminOptions));
    const notTheirs = await call(t, 'POST', '/api/security/passkeys', token, {
      name: 'Key',
      credential: borrowed,
    });
    expect([notTheirs.statusCode, json(notTheirs).code]).toEqual([400, 'PASSKEY_INVALID']);

    expect(json(await call(t, 'GET', '/api/security/passkeys', token))).toEqual({ passkeys: [] });
    expect(await signIn(t)).toHaveProperty('token');
  });

  it('removes a passkey (ending the other sessions); the next sign-in needs the password alone', async () => {
    const t = context();
    await forgetFactors(t);
    const other = (await signIn(t)).token ?? '';
    const key = new SoftwareAuthenticator(HERE);
    const { token, passkeys } = json<{ token: string; passkeys: { id: string }[] }>(
      await addPasskey(t, (await signIn(t)).token ?? '', key),
    );
    // Adding a factor ended the session signed in without it.
    expect((await call(t, 'GET', '/api/security/session', other)).statusCode).toBe(401);

    const removed = await call(t, 'DELETE', `/api/security/passkeys/${passkeys[0]?.id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(json(removed)).toEqual({ passkeys: [] });
    const again = await call(t, 'DELETE', `/api/security/passkeys/${passkeys[0]?.id}`, token);
    expect([again.statusCode, json(again).code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    expect(await signIn(t)).toHaveProperty('token');
  });

  it('is removed with the other factors when an admin resets them', async () => {
    const t = context();
    await forgetFactors(t);
    const key = new SoftwareAuthenticator(HERE);
    expect((await addPasskey(t, (await signIn(t)).token ?? '', key)).statusCode).toBe(200);
    const reset = await call(
      t,
      'POST',
      '/api/admin/operators/second-factor/reset',
      (await signIn(t, 'admin')).token ?? '',
      {
        email: SECURITY.email,
        reason: 'Lost the key',
      },
    );
    expect(reset.statusCode).toBe(200);
    const signedIn = await signIn(t);
    expect(json(await call(t, 'GET', '/api/security/passkeys', signedIn.token ?? ''))).toEqual({
      passkeys: [],
    });
  });

  it('asks a passkey sign-in for a current second-factor token', async () => {
    const t = context();
    const expired = await passkeyStep(t, 'options', { secondFactorToken: 'not-a-token' });
    expect([expired.statusCode, json(expired).code]).toEqual([401, 'SECOND_FACTOR_EXPIRED']);
  });
});

// Its own app: adding eleven passkeys takes more of the endpoints' ten a minute than the suite above leaves.
describeOnEachDatabase(
  'an operator with many passkeys',
  (context) => {
    it(`keeps at most ${MAX_PASSKEYS} passkeys: the next is refused, asked for or already under way`, async () => {
      const t = context();
      await forgetFactors(t);
      let token = (await signIn(t)).token ?? '';
      const add = async (options: { challenge: string }) => {
        const added = await call(t, 'POST', '/api/security/passkeys', token, {
          name: 'Spare key',
          credential: new SoftwareAuthenticator(HERE).register(options),
        });
        if (added.statusCode === 200) token = json<{ token: string }>(added).token;
        return added;
      };
      const askOptions = () => call(t, 'POST', '/api/security/passkeys/options', token);
      for (let count = 1; count < MAX_PASSKEYS; count += 1) {
        expect((await add(json(await askOptions()))).statusCode).toBe(200);
      }
      // Two tabs ask for options at the last free place and answer at once: one of them takes it.
      const first = json<{ challenge: string }>(await askOptions());
      const second = json<{ challenge: string }>(await askOptions());
      const both = await Promise.all([add(first), add(second)]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refusal = {
        code: 'PASSKEY_LIMIT',
        error: `You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one to add another.`,
      };
      expect(json(both.find((answer) => answer.statusCode === 409) ?? both[0])).toMatchObject(refusal);
      const more = await askOptions();
      expect([more.statusCode, json(more)]).toEqual([409, expect.objectContaining(refusal)]);
      expect(
        json<{ passkeys: unknown[] }>(await call(t, 'GET', '/api/security/passkeys', token)).passkeys,
      ).toHaveLength(MAX_PASSKEYS);
    });
  },
  { RATE_LIMIT_SCALE: '5' },
);
