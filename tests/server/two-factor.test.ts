// Operators' second factor (issue 30 point 4): enrolling an authenticator app (secret as text and an
// otpauth:// URI, confirmed by a first code; ten recovery codes shown once, kept hashed), the sign-in's
// second step with a clock window of one 30-second step either side (the server's clock held still),
// a used code refused when replayed, recovery codes spent once, and the switch that makes the factor
// mandatory: an operator without one is signed in to the enrolment and reaches nothing else.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { totpCode, totpStepAt } from '../../server/modules/operators/totp';
import { readConfig } from '../../server/platform/config';
import {
  ADMIN,
  bearer,
  createMember,
  describeOnEachDatabase,
  json,
  SECURITY,
  type TestContext,
  useTestApp,
} from './helpers';

/** A moment in the middle of a 30-second step, so the steps either side are plainly ±30 s away. */
const NOW_MS = Date.UTC(2026, 10, 27, 10, 0, 15);
const STEP_MS = 30_000;

type Role = 'admin' | 'security';
const credentials = { admin: ADMIN, security: SECURITY };

function holdClock(t: TestContext, atMs: number) {
  vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(atMs);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Each test starts from operators without a factor (its suite's app is shared). */
async function forgetFactors(t: TestContext) {
  await t.db.deleteFrom('operator_recovery_codes').execute();
  await t.db.deleteFrom('operator_factors').execute();
}

async function login(t: TestContext, role: Role) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/login`,
    payload: credentials[role],
  });
  expect(response.statusCode).toBe(200);
  return json<{ token?: string; mustEnrol?: true; secondFactorToken?: string }>(response);
}

function call(t: TestContext, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

function secondStep(t: TestContext, role: Role, secondFactorToken: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/${role}/login/second-factor`,
    payload: { secondFactorToken, code },
  });
}

/** Enrols `role` at NOW_MS; answers the secret, the recovery codes and the token that goes on. */
async function enrol(t: TestContext, role: Role, token: string) {
  holdClock(t, NOW_MS);
  const started = await call(t, 'POST', `/api/${role}/second-factor/enrolment`, token);
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUri } = json<{ secret: string; otpauthUri: string }>(started);
  const confirmed = await call(t, 'POST', `/api/${role}/second-factor/enrolment/confirm`, token, {
    code: totpCode(secret, totpStepAt(NOW_MS)),
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, otpauthUri, ...json<{ recoveryCodes: string[]; token: string }>(confirmed) };
}

describe('TOTP codes (RFC 6238)', () => {
  it('match the RFC’s SHA-1 test vectors, to six digits', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890", in base32.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, totpStepAt(59_000))).toBe('287082');
    expect(totpCode(secret, totpStepAt(1_111_111_109_000))).toBe('081804');
    expect(totpCode(secret, totpStepAt(1_234_567_890_000))).toBe('005924');
    expect(totpCode(secret, totpStepAt(20_000_000_000_000))).toBe('353130');
  });
});

describe('the second-factor switch', () => {
  it('is required in production unless set, optional elsewhere unless set', () => {
    expect(readConfig({}).operatorSecondFactor).toBe('optional');
    expect(readConfig({ NODE_ENV: 'production' }).operatorSecondFactor).toBe('required');
    expect(
      readConfig({ NODE_ENV: 'production', OPERATOR_SECOND_FACTOR: 'optional' }).operatorSecondFactor,
    ).toBe('optional');
    expect(readConfig({ OPERATOR_SECOND_FACTOR: 'required' }).operatorSecondFactor).toBe('required');
    expect(() => readConfig({ OPERATOR_SECOND_FACTOR: 'sometimes' })).toThrow(/OPERATOR_SECOND_FACTOR/);
  });
});

describeOnEachDatabase('an operator’s second factor', (t) => {
  beforeEach(() => forgetFactors(t()));

  it('is enrolled with a secret confirmed by its first code, and ends the operator’s other sessions', async () => {
    const other = (await login(t(), 'admin')).token ?? '';
    const first = await login(t(), 'admin');
    expect(first).toEqual({ token: expect.any(String) });
    const token = first.token ?? '';
    const before = await call(t(), 'GET', '/api/admin/second-factor', token);
    expect(json(before)).toEqual({ enrolled: false, recoveryCodesLeft: 0, passkeys: 0, required: false });

    const notStarted = await call(t(), 'POST', '/api/admin/second-factor/enrolment/confirm', token, {
      code: '123456',
    });
    expect(notStarted.statusCode).toBe(409);
    expect(json(notStarted)).toMatchObject({ code: 'ENROLMENT_NOT_STARTED' });

    holdClock(t(), NOW_MS);
    const started = json<{ secret: string; otpauthUri: string }>(
      await call(t(), 'POST', '/api/admin/second-factor/enrolment', token),
    );
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(started.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Tapnet:${ADMIN.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: started.secret, issuer: 'Tapnet' });
    // The secret is kept sealed, never as the text the operator saw.
    const stored = await t().db.selectFrom('operator_factors').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(started.secret);

    const wrong = totpCode(started.secret, totpStepAt(NOW_MS) + 3);
    const refused = await call(t(), 'POST', '/api/admin/second-factor/enrolment/confirm', token, {
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });

    const confirmed = await call(t(), 'POST', '/api/admin/second-factor/enrolment/confirm', token, {
      code: totpCode(started.secret, totpStepAt(NOW_MS)),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes, token: next } = json<{ recoveryCodes: string[]; token: string }>(confirmed);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await t().db.selectFrom('operator_recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]);

    expect((await call(t(), 'GET', '/api/admin/session', other)).statusCode).toBe(401);
    expect((await call(t(), 'GET', '/api/admin/session', next)).statusCode).toBe(200);
    const after = await call(t(), 'GET', '/api/admin/second-factor', next);
    expect(json(after)).toEqual({ enrolled: true, recoveryCodesLeft: 10, passkeys: 0, required: false });
  });

  it('is asked after the password, within one step either side, and a code is accepted once', async () => {
    const { secret } = await enrol(t(), 'security', (await login(t(), 'security')).token ?? '');
    const step = totpStepAt(NOW_MS);

    const pending = await login(t(), 'security');
    expect(pending).toEqual({ secondFactorToken: expect.any(String) });
    const secondFactorToken = pending.secondFactorToken ?? '';
    // It is no token for the dashboard.
    expect((await call(t(), 'GET', '/api/security/session', secondFactorToken)).statusCode).toBe(401);

    // The enrolment's own code was used at NOW_MS: replayed, it is refused.
    const replayed = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step));
    expect(replayed.statusCode).toBe(400);
    expect(json(replayed)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    // Two steps ahead is outside the window.
    const tooLate = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step + 2));
    expect(json(tooLate)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });

    // The next step's code, from a phone whose clock runs 30 s ahead, passes once.
    const ahead = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step + 1));
    expect(ahead.statusCode).toBe(200);
    const token = json<{ token: string }>(ahead).token;
    expect((await call(t(), 'GET', '/api/security/dashboard', token)).statusCode).toBe(200);
    const again = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step + 1));
    expect(json(again)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });

    // A minute later the clock has moved two steps: the step before it (a code typed late) passes.
    holdClock(t(), NOW_MS + 2 * STEP_MS);
    const late = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step + 1));
    expect(json(late)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    const behind = await secondStep(t(), 'security', secondFactorToken, totpCode(secret, step + 2));
    expect(behind.statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { recoveryCodes } = await enrol(t(), 'admin', (await login(t(), 'admin')).token ?? '');
    const [code = '', other = ''] = recoveryCodes.slice(-2);
    const pending = (await login(t(), 'admin')).secondFactorToken ?? '';
    const used = await secondStep(t(), 'admin', pending, code.toUpperCase().replace('-', ' '));
    expect(used.statusCode).toBe(200);
    const reused = await secondStep(t(), 'admin', pending, code);
    expect(json(reused)).toMatchObject({ code: 'SECOND_FACTOR_INVALID' });
    expect((await secondStep(t(), 'admin', pending, other.replace('-', ''))).statusCode).toBe(200);
    const token = json<{ token: string }>(
      await secondStep(t(), 'admin', pending, recoveryCodes[0] ?? ''),
    ).token;
    const status = await call(t(), 'GET', '/api/admin/second-factor', token);
    expect(json(status)).toMatchObject({ enrolled: true, recoveryCodesLeft: 7 });
  });

  it('refuses a second step without a current token of its own role', async () => {
    const member = await createMember(t());
    await enrol(t(), 'admin', (await login(t(), 'admin')).token ?? '');
    const adminPending = (await login(t(), 'admin')).secondFactorToken ?? '';
    for (const [role, token] of [
      ['admin', 'not-a-token'],
      ['admin', member.accessToken],
      ['security', adminPending],
    ] as const) {
      const response = await secondStep(t(), role, token, '123456');
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ code: 'SECOND_FACTOR_EXPIRED' });
    }
    const malformed = await secondStep(t(), 'admin', adminPending, '12345');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('a mandatory second factor', () => {
  const t = useTestApp({ OPERATOR_SECOND_FACTOR: 'required' });

  it('takes an operator without one to the enrolment, which is all their token reaches until done', async () => {
    const first = await login(t(), 'admin');
    expect(first).toEqual({ token: expect.any(String), mustEnrol: true });
    const held = first.token ?? '';
    for (const url of ['/api/admin/session', '/api/admin/analytics', '/api/admin/sessions']) {
      const response = await call(t(), 'GET', url, held);
      expect(response.statusCode).toBe(401);
    }
    const { token, recoveryCodes } = await enrol(t(), 'admin', held);
    expect(recoveryCodes).toHaveLength(10);
    expect((await call(t(), 'GET', '/api/admin/analytics', token)).statusCode).toBe(200);
    const status = json(await call(t(), 'GET', '/api/admin/second-factor', token));
    expect(status).toMatchObject({ enrolled: true, required: true });
    // From now on the password is followed by the code.
    expect(await login(t(), 'admin')).toEqual({ secondFactorToken: expect.any(String) });
  });
});
