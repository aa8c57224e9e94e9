// Attacks an e2e test sends on purpose, from a public address behind the e2e server's trusted proxy.
//
// The attacker is not this machine: the e2e server trusts loopback as its proxy (TRUST_PROXY in
// playwright.config.ts), so a request with X-Forwarded-For comes from that address, as it would behind a
// real proxy. The browser's own requests carry no such header and stay loopback, which is never blocked.
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ATTACK_MARKER } from './security-gate';

/** Public addresses with a country in the server's offline lookup; the last octet keeps runs apart. */
const ATTACKER_NETWORKS = {
  phone: { prefix: '81.2.69', country: 'United Kingdom' },
  desktop: { prefix: '202.12.27', country: 'Japan' },
} as const;

export function attackerFor(projectName: string) {
  const network = ATTACKER_NETWORKS[projectName === 'desktop' ? 'desktop' : 'phone'];
  const lastOctet = 2 + Math.floor(Math.random() * 250);
  return { ipAddress: `${network.prefix}.${lastOctet}`, country: network.country };
}

export function from(ipAddress: string, userAgent?: string) {
  return { headers: { 'X-Forwarded-For': ipAddress, ...(userAgent ? { 'User-Agent': userAgent } : {}) } };
}

/** A scanner probing for secrets: the server answers 404 to the probe and blocks the scanner. */
export async function attack(request: APIRequestContext, ipAddress: string): Promise<void> {
  // Marked as a test's attack, which the e2e security gate (security-gate.ts) leaves to this test.
  const scanner = `sqlmap/1.8.4#stable (https://sqlmap.org) ${E2E_ATTACK_MARKER}`;
  const probe = await request.get('/.env', from(ipAddress, scanner));
  expect([403, 404]).toContain(probe.status());
  expect(await probe.text()).not.toContain('<html');
  await expect
    .poll(async () => (await request.get('/api/health', from(ipAddress))).status(), {
      message: `${ipAddress} is blocked`,
    })
    .toBe(403);
}
