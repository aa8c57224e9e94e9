// Security review §2.4: a reset token copied from the request log reset a password. No secret is logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  databaseKinds,
  json,
  STRONG_PASSWORD,
  startTestApp,
  type TestContext,
  uniqueEmail,
} from './helpers';

describe.each(['info', 'debug'])('log lines at LOG_LEVEL=%s', (level) => {
  const lines: string[] = [];
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    const [kind] = databaseKinds;
    if (!kind) throw new Error('no database kind');
    context = await startTestApp(
      kind,
      { LOG_LEVEL: level },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await context?.close();
  });

  it('hold no password, verification code, reset token, refresh or access token through sign-up, sign-in and reset', async () => {
    if (!context) throw new Error('test app not started');
    const { app, sink } = context;
    const email = uniqueEmail('logged');
    const newPassword = 'Fresh-Passw0rd-9';
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Logged Person', email, password: STRONG_PASSWORD, dateOfBirth: '1990-01-01' },
    });
    const code = codeFrom((await sink.waitForMail(email)).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: wrongCode } });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email, code },
    });
    const { refreshToken, accessToken } = json<{ refreshToken: string; accessToken: string }>(verified);
    await app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
    await app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: { authorization: `Bearer ${accessToken}` },
    });

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = (await sink.waitForMail(email, { subject: 'Reset' })).text.match(/\/reset-password\/(\S+)/);
    const resetToken = link?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(20);
    await app.inject({ method: 'GET', url: `/reset-password/${resetToken}` });
    await app.inject({ method: 'GET', url: `/reset-password/${resetToken}?from=mail` });
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: 'weak' },
    });
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${resetToken}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: newPassword } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    // An unsubscribe link's token (not one Tapnet sent: the path is what matters) and a token in a query.
    const unsubscribeToken = 'u'.repeat(43);
    await app.inject({ method: 'GET', url: `/api/unsubscribe/${unsubscribeToken}` });
    await app.inject({ method: 'GET', url: `/contacts?token=${unsubscribeToken}x` });

    const log = lines.join('');
    // The flows were logged (so the test reads real lines), with the secret-bearing paths redacted.
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('"url":"/reset-password/[redacted]?from=mail"');
    expect(log).toContain('"url":"/api/unsubscribe/[redacted]"');
    expect(log).toContain('"url":"/contacts?token=[redacted]"');
    // Standing alone: the same six digits inside a timestamp or a response time are no leak.
    expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?![\\d.])`));
    for (const secret of [
      resetToken,
      refreshToken,
      accessToken,
      STRONG_PASSWORD,
      newPassword,
      'weak"',
      unsubscribeToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    // The refresh token's id and signature pieces too, in case a line cut one up.
    for (const part of refreshToken.split('.').slice(1)) expect(log).not.toContain(part);
  });
});
