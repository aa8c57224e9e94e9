// The way back for an operator who lost their second factor (issue 30 point 4): an admin removes it
// with a reason (audited in the same transaction, the operator's sessions ended), or whoever runs the
// server does it with `npm run operator -- reset-factor`, which also adds operators. The commands run
// on the database directly here, on both databases; tests/server/operator-cli.test.ts runs the real
// command beside a running server.
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { operatorCommands } from '../../server/modules/operators';
import { totpCode, totpStepAt } from '../../server/modules/operators/totp';
import {
  ADMIN,
  bearer,
  createMember,
  describeOnEachDatabase,
  json,
  SECURITY,
  type TestContext,
} from './helpers';

const RESET_URL = '/api/admin/operators/second-factor/reset';

afterEach(() => {
  vi.restoreAllMocks();
});

async function signIn(t: TestContext, role: 'admin' | 'security', password: string, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/login`,
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return json<{ token?: string; secondFactorToken?: string }>(response);
}

/** Sets up an authenticator app for the signed-in operator; answers the token that goes on. */
async function enrolTotp(t: TestContext, role: 'admin' | 'security', token: string): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/second-factor/enrolment`,
    headers: bearer(token),
  });
  const { secret } = json<{ secret: string }>(started);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/second-factor/enrolment/confirm`,
    headers: bearer(token),
    payload: { code: totpCode(secret, totpStepAt(t.app.ctx.clock.now())) },
  });
  expect(confirmed.statusCode).toBe(200);
  return json<{ token: string }>(confirmed).token;
}

/** The security operator signed in with a factor set up; answers their token. */
async function securityWithFactor(t: TestContext): Promise<string> {
  const first = await signIn(t, 'security', SECURITY.password, SECURITY.email);
  return enrolTotp(t, 'security', first.token ?? '');
}

async function adminToken(t: TestContext): Promise<string> {
  return (await signIn(t, 'admin', ADMIN.password, ADMIN.email)).token ?? '';
}

function reset(t: TestContext, token: string, payload: object) {
  return t.app.inject({ method: 'POST', url: RESET_URL, headers: bearer(token), payload });
}

async function auditLines(t: TestContext, target: string) {
  return t.db
    .selectFrom('security_audit_log')
    .select(['actor', 'action', 'detail'])
    .where('target', '=', target)
    .where('action', 'in', ['OPERATOR_FACTOR_RESET', 'OPERATOR_ADDED'])
    .orderBy('at')
    .execute();
}

describeOnEachDatabase('resetting an operator’s second factor', (context) => {
  it('removes the factor and ends the operator’s sessions; they sign in with the password alone', async () => {
    const t = context();
    const securityToken = await securityWithFactor(t);
    expect(
      json(await t.app.inject({ url: '/api/security/session', headers: bearer(securityToken) })),
    ).toMatchObject({
      role: 'security',
    });
    expect(await signIn(t, 'security', SECURITY.password, SECURITY.email)).toHaveProperty(
      'secondFactorToken',
    );

    const response = await reset(t, await adminToken(t), {
      email: SECURITY.email.toUpperCase(),
      reason: 'Lost phone and recovery codes, confirmed by call',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ sessionsEnded: 1 });

    // The session signed in with the old factor is over at once.
    const after = await t.app.inject({ url: '/api/security/session', headers: bearer(securityToken) });
    expect(after.statusCode).toBe(401);
    const again = await signIn(t, 'security', SECURITY.password, SECURITY.email);
    expect(again).toHaveProperty('token');
    expect(again).not.toHaveProperty('secondFactorToken');
    const status = await t.app.inject({
      url: '/api/security/second-factor',
      headers: bearer(again.token ?? ''),
    });
    expect(json(status)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    expect(await auditLines(t, SECURITY.email)).toEqual([
      {
        actor: ADMIN.email,
        action: 'OPERATOR_FACTOR_RESET',
        detail: 'Lost phone and recovery codes, confirmed by call',
      },
    ]);
  });

  it('refuses without a reason, for an address that is no operator, when there is no factor, and for the admin’s own, changing nothing', async () => {
    const t = context();
    const withoutFactor = `no-factor-${randomUUID()}@tapnet.test`;
    const added = await operatorCommands.add(t.db, ['security', withoutFactor, 'never signs in']);
    expect(added.exitCode).toBe(0);
    await t.db.deleteFrom('security_audit_log').execute();
    const admin = await adminToken(t);
    const securityToken = await securityWithFactor(t);

    const noReason = await reset(t, admin, { email: SECURITY.email, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason)).toMatchObject({ code: 'VALIDATION_FAILED' });

    const member = await createMember(t);
    for (const email of [member.email, 'nobody@example.com']) {
      const notOperator = await reset(t, admin, { email, reason: 'Asked by phone' });
      expect(notOperator.statusCode).toBe(404);
      expect(json(notOperator)).toMatchObject({
        code: 'OPERATOR_NOT_FOUND',
        error: 'No operator has this e-mail address.',
      });
    }
    const none = await reset(t, admin, { email: withoutFactor, reason: 'Asked by phone' });
    expect(none.statusCode).toBe(409);
    expect(json(none)).toMatchObject({
      code: 'NO_SECOND_FACTOR',
      error: 'This operator has no second factor to reset.',
    });
    // Their own takes a second person, whatever its case: the admin's session alone does not strip it.
    const own = await reset(t, admin, { email: ` ${ADMIN.email.toUpperCase()} `, reason: 'Lost my phone' });
    expect(own.statusCode).toBe(409);
    expect(json(own)).toMatchObject({
      code: 'OWN_SECOND_FACTOR',
      error:
        'Your own second factor is reset by another admin, or from the command line on the server (npm run operator -- reset-factor).',
    });

    // The security operator still has their factor and their session; nothing was written to the log.
    expect(
      (await t.app.inject({ url: '/api/security/session', headers: bearer(securityToken) })).statusCode,
    ).toBe(200);
    expect(await signIn(t, 'security', SECURITY.password, SECURITY.email)).toHaveProperty(
      'secondFactorToken',
    );
    expect(
      await t.db
        .selectFrom('security_audit_log')
        .select('id')
        .where('action', 'like', 'OPERATOR_%')
        .execute(),
    ).toEqual([]);
    await reset(t, admin, { email: SECURITY.email, reason: 'Clean up for the next test' });
  });

  it('is the admin’s: a security operator’s token is refused', async () => {
    const t = context();
    const security = await signIn(t, 'security', SECURITY.password, SECURITY.email);
    const response = await reset(t, security.token ?? '', { email: ADMIN.email, reason: 'Not mine to do' });
    expect(response.statusCode).toBe(401);
  });

  it('from the command line: resets a factor (audited as cli), adds an operator, and refuses in one line', async () => {
    const t = context();
    await securityWithFactor(t);
    const resetFactor = operatorCommands['reset-factor'];
    expect(await resetFactor(t.db, [SECURITY.email])).toEqual({
      exitCode: 0,
      lines: [
        `The second factor of ${SECURITY.email} is removed and 1 of their sessions ended.`,
        'They sign in with their password alone now and set up a new one from Account.',
      ],
    });
    expect(await resetFactor(t.db, [SECURITY.email])).toEqual({
      exitCode: 1,
      lines: ['This operator has no second factor to reset.'],
    });
    expect((await auditLines(t, SECURITY.email)).at(-1)).toEqual({
      actor: 'cli',
      action: 'OPERATOR_FACTOR_RESET',
      detail: 'Reset from the command line',
    });

    const member = await createMember(t);
    const hash = 'not used: refused first';
    expect(await operatorCommands.add(t.db, ['security', member.email, hash])).toEqual({
      exitCode: 1,
      lines: [`An account with ${member.email} exists already.`],
    });
    expect(await operatorCommands.add(t.db, ['owner', 'second@tapnet.test', hash])).toEqual({
      exitCode: 1,
      lines: ['The role must be admin or security.'],
    });
  });
});
