// Security review §2.3: rate limits keyed on a client address the client cannot choose.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';
import { json, uniqueEmail, useTestApp } from './helpers';

const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.10';

describe('TRUST_PROXY', () => {
  it('takes false, true, a hop count or a list of proxy addresses and CIDRs', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
    ]);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be .*not yes/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not 10.0.0.0\/33/);
  });
});

// One app per setting; every limit is the same mechanism, so login (30 a minute) stands for them all.
describe.each([
  { TRUST_PROXY: '1', label: 'one hop' },
  { TRUST_PROXY: '10.0.0.0/8', label: 'a proxy CIDR' },
])('forged X-Forwarded-For behind $label', ({ TRUST_PROXY }) => {
  const t = useTestApp({ TRUST_PROXY });
  // What the proxy sends on: the client's own header value with the address it saw appended.
  const loginThroughProxy = (forged: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `${forged}, ${CLIENT}` },
      payload: { email: uniqueEmail('nobody'), password: 'Wrong-Passw0rd' },
    });

  it('does not reset the login limit when the client writes a new address each time', async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await loginThroughProxy(`198.18.0.${attempt}`)).statusCode).toBe(401);
    }
    const limited = await loginThroughProxy('198.18.1.1');
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('RATE_LIMITED');
    // Another real client behind the same proxy is not affected.
    const other = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.99' },
      payload: { email: uniqueEmail('nobody'), password: 'Wrong-Passw0rd' },
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('forgot-password per e-mail address', () => {
  const t = useTestApp();

  it('sends at most 5 reset requests for one address in 15 minutes, however many client addresses ask', async () => {
    const email = uniqueEmail('target');
    const forgot = (from: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: from,
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await forgot(`192.0.2.${attempt}`)).statusCode).toBe(200);
    }
    const sixth = await forgot('192.0.2.200');
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).error).toMatch(
      /^Too many requests for this email address. Please try again in \d+ minutes?\.$/,
    );
    const otherAddress = await t().app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail('other') },
      remoteAddress: '192.0.2.200',
    });
    expect(otherAddress.statusCode).toBe(200);
  });
});
