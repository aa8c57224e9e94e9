// The project's own e2e traffic, recorded (`npm run record:e2e-traffic`), as negative cases: every
// member, visitor and operator request of a whole e2e run goes through the detection as the server
// inspects it, and none may raise an event above LOW. The live gate (tests/e2e/security-gate.ts) sees
// the same traffic from loopback; this test keeps a sample of it in the repository, so a rule change
// that would flag a member's request fails here, in seconds, without running the e2e suite.
import { describe, expect, it } from 'vitest';
import { inspectBody, inspectRequest } from '../../server/platform/security/inspect';
import { readE2eTraffic } from './e2e-traffic';

const fixture = readE2eTraffic();

/** The member routes an e2e run must have passed through, or the recording is not a whole run. */
const MAIN_ROUTES = {
  sign_in: /^POST \/api\/auth\/login$/,
  registration: /^POST \/api\/auth\/register$/,
  contacts: /^GET \/api\/contact(\?|$)/,
  contact_saved: /^POST \/api\/contact\/create$/,
  card_page: /^GET \/nfc\/[^/?]+/,
  insights: /^GET \/api\/insights\//,
  analytics: /^GET \/api\/user-analytics\//,
  map: /^GET \/api\/contact\/mapContacts/,
  account: /^(GET|PUT|POST) \/api\/user\//,
};

describe('the e2e suite’s own traffic (recorded)', () => {
  it('is a whole run: thousands of requests, a couple of hundred shapes, every main member route', () => {
    expect(fixture.requests).toBeGreaterThan(5_000);
    expect(fixture.entries.length).toBeGreaterThan(150);
    const lines = fixture.entries.map((entry) => `${entry.method} ${entry.url}`);
    const missing = Object.entries(MAIN_ROUTES)
      .filter(([, route]) => !lines.some((line) => route.test(line)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    expect(fixture.entries.filter((entry) => entry.body !== undefined).length).toBeGreaterThan(10);
  });

  it('raises nothing above LOW, in any request or anonymous body', () => {
    const offending = fixture.entries.flatMap((entry) => {
      const findings = [
        ...inspectRequest({
          method: entry.method,
          url: entry.url,
          userAgent: entry.userAgent ?? undefined,
        }).findings,
        ...(entry.body === undefined ? [] : inspectBody(entry.body)),
      ];
      return findings
        .filter((finding) => finding.severity !== 'LOW')
        .map(
          (finding) =>
            `${finding.eventType} ${finding.severity} (${finding.matched}): ${entry.method} ${entry.url} ` +
            `${entry.userAgent ?? '(no user agent)'}${entry.body === undefined ? '' : ` ${JSON.stringify(entry.body)}`}`,
        );
    });
    expect(offending).toEqual([]);
  });

  it('is never answered as a probe', () => {
    const probes = fixture.entries
      .filter((entry) => inspectRequest({ ...entry, userAgent: entry.userAgent ?? undefined }).isProbe)
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(probes).toEqual([]);
  });
});
