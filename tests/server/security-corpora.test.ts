// The rules against corpora: 10,000 real browser user agents (the user-agents package) on the
// member's pages and API must give no event at all; every example bot of crawler-user-agents on a
// card page is at most a LOW event and never blocked; the same bots probing for secrets are malicious.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectRequest } from '../../server/platform/security/inspect';

const require = createRequire(import.meta.url);
// The package's own data file (its exports leave it out, so it is found beside the entry point).
const browsers = JSON.parse(
  readFileSync(join(dirname(require.resolve('user-agents')), 'user-agents.json'), 'utf8'),
) as { userAgent: string }[];
const crawlers = require('crawler-user-agents') as { instances: string[] }[];
const MEMBER_PATHS = [
  '/contacts',
  '/map',
  '/api/contact',
  '/nfc/TAP-0001',
  '/api/nfc/TAP-0001/vcard',
  '/assets/index-Bx1.js',
];

describe('detection against corpora', () => {
  it('finds nothing in 10,000 real browsers on the member’s paths', () => {
    expect(browsers.length).toBeGreaterThan(5_000);
    const flagged = browsers.flatMap(({ userAgent }) =>
      MEMBER_PATHS.flatMap((url) =>
        inspectRequest({ method: 'GET', url, userAgent }).findings.map(
          (finding) => `${finding.eventType} ${url} ${userAgent}`,
        ),
      ),
    );
    expect(flagged).toEqual([]);
  });

  it('keeps every example crawler on a card page at LOW, and names probing ones malicious', () => {
    const instances = crawlers.flatMap((crawler) => crawler.instances);
    expect(instances.length).toBeGreaterThan(1_000);
    const onCard = instances.flatMap((userAgent) =>
      inspectRequest({ method: 'GET', url: '/nfc/TAP-0001', userAgent }).findings.filter(
        (finding) => finding.severity !== 'LOW' && finding.eventType !== 'SCANNER_DETECTED',
      ),
    );
    expect(onCard).toEqual([]);
    const probing = instances.filter((userAgent) =>
      inspectRequest({ method: 'GET', url: '/.env', userAgent }).findings.some(
        (finding) =>
          finding.eventType === 'MALICIOUS_BOT_DETECTED' || finding.eventType === 'SCANNER_DETECTED',
      ),
    );
    expect(probing.length / instances.length).toBeGreaterThan(0.95);
  });
});
