// The security dashboard as its operator sees it (insights-and-operators.md §2, §4, §8): every section's
// wording, its empty states, unblocking after the confirmation, and the session and error states. fetch is
// stubbed: it is the boundary between the client and the server, and these tests are about the screen.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecurityDashboard, SecurityEvent } from '../../contract/security';
import { SecurityScreen } from '../../src/features/security/security-screen';
import { StorageKeys } from '../../src/session/storage-keys';
import { useToastStore } from '../../src/ui/toast-store';
import { type SentRequest, stubServer } from '../support/stub-server';
import { jsonResponse } from './helpers';
import { pageRoot } from './page-root';

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function event(overrides: Partial<SecurityEvent>): SecurityEvent {
  return {
    eventType: 'SENSITIVE_FILE_ACCESS',
    severity: 'HIGH',
    timestamp: minutesAgo(1),
    ipAddress: '8.8.8.8',
    endpoint: '/.env',
    email: null,
    userAgent: 'curl/8.5.0',
    country: 'US',
    ruleId: 'sensitive-file',
    matched: '/.env',
    points: 4,
    status: 404,
    outcome: 'blocked',
    ...overrides,
  };
}

const quiet: SecurityDashboard = {
  totalEvents: 0,
  severityCounts: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 },
  blockedIPs: [],
  systemHealth: { databaseConnected: true, monitoringEnabled: true, uptime: 3_900 },
  recentEvents: [],
  incidents: { fileAccess: [], botAttacks: [], scannerActivity: [] },
  suspiciousIPs: [],
  sharedAddresses: [],
  protectionStatus: {
    fileProtection: { active: true, blocked: 0, effectiveness: 100 },
    botProtection: { active: true, blocked: 0, effectiveness: 100 },
    threatIntelligence: { active: true, highRiskIPs: 0, riskScore: 0, effectiveness: 90 },
  },
  threatAnalysis: {
    fileAccessAttempts: 0,
    maliciousBots: 0,
    highRiskIPs: 0,
    attackMap: { countriesArray: [], recentAttacks: [] },
  },
  geoDistribution: [],
  responseMetrics: { averageBlockTime: '< 1ms', averageBlockTimeMs: null },
  securityScore: 8,
  scoreVerdict: 'Excellent',
  scoreChecks: [],
  recommendations: [],
  proxyWarning: null,
};

const busy: SecurityDashboard = {
  ...quiet,
  totalEvents: 57,
  severityCounts: { CRITICAL: 2, HIGH: 30, MEDIUM: 20, LOW: 5 },
  blockedIPs: ['8.8.8.8', '81.2.69.142', '193.0.6.139', '5.255.255.70', '202.12.27.33', '176.9.0.1'],
  recentEvents: [
    event({ eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL' }),
    event({ eventType: 'SCANNER_DETECTED', userAgent: 'Mozilla/5.0 (compatible; Nmap Scripting Engine)' }),
    event({
      eventType: 'LOGIN_FAILURE',
      severity: 'MEDIUM',
      email: 'grace@example.test',
      endpoint: '/api/auth/login',
    }),
    // A type a newer server added: shown as its raw code, and the dashboard still loads.
    event({ eventType: 'GRAPHQL_INTROSPECTION', severity: 'LOW', endpoint: '/graphql' }),
    event({ eventType: 'HIGH_RISK_BOT_BEHAVIOR', endpoint: null, email: null }),
  ],
  // Picked by the server per kind: the scanner is still listed though newer events pushed it out of
  // the latest 10.
  incidents: {
    fileAccess: [event({ eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL' })],
    botAttacks: [event({ eventType: 'HIGH_RISK_BOT_BEHAVIOR', endpoint: null })],
    scannerActivity: [
      event({ eventType: 'SCANNER_DETECTED', userAgent: 'Mozilla/5.0 (compatible; Nmap Scripting Engine)' }),
    ],
  },
  suspiciousIPs: [
    {
      ipAddress: '8.8.8.8',
      count: 12,
      country: 'US',
      lastSeen: minutesAgo(1),
      highestSeverity: 'CRITICAL',
      membersSignedIn: 0,
      isShared: false,
    },
    {
      ipAddress: '81.2.69.142',
      count: 4,
      country: 'GB',
      lastSeen: minutesAgo(3),
      highestSeverity: 'HIGH',
      membersSignedIn: 0,
      isShared: false,
    },
  ],
  threatAnalysis: {
    fileAccessAttempts: 12,
    maliciousBots: 3,
    highRiskIPs: 1,
    attackMap: {
      countriesArray: [
        { name: 'US', attacks: 12, severity: 'CRITICAL', lastAttack: minutesAgo(1) },
        { name: 'SG', attacks: 2, severity: 'MEDIUM', lastAttack: minutesAgo(9) },
        { name: 'T1', attacks: 1, severity: 'LOW', lastAttack: minutesAgo(30) },
        // The server's name for attacks from an address without a country.
        { name: 'Unknown', attacks: 4, severity: 'HIGH', lastAttack: minutesAgo(12) },
      ],
      recentAttacks: [
        { country: 'US', eventType: 'SENSITIVE_FILE_ACCESS', severity: 'CRITICAL', timestamp: minutesAgo(4) },
      ],
    },
  },
  geoDistribution: [
    { country: 'US', count: 40 },
    { country: 'GB', count: 9 },
  ],
  recommendations: [
    {
      priority: 'HIGH',
      action: 'Block repeat scanners',
      description: '8.8.8.8 probed 12 paths.',
      implementation: 'Operator Tools',
    },
  ],
};

/** The event log with nothing in it, as the server answers for a quiet day. */
function emptyLog(): Response {
  const now = new Date();
  return jsonResponse(200, {
    events: [],
    total: 0,
    page: 1,
    pageSize: 25,
    from: new Date(now.getTime() - 86_400_000).toISOString(),
    to: now.toISOString(),
  });
}

/**
 * Answers each call with `answer`; anything else the screen asks gets an empty event log or an empty
 * list.
 */
function stubSecurityServer(answer: (sent: SentRequest) => Response | undefined): SentRequest[] {
  return stubServer((request) => {
    // The world outline (a static file) is out of reach here: the map falls back to the bare globe.
    if (!request.path.startsWith('/api/')) return new Response('not found', { status: 404 });
    return answer(request) ?? (request.path === '/api/security/events' ? emptyLog() : jsonResponse(200, []));
  });
}

const page = pageRoot();
let container: HTMLElement;

async function renderScreen() {
  container = await page.drawAsync(<SecurityScreen />);
}

/** Lets the stubbed calls answer and React settle. */
async function settle() {
  for (let round = 0; round < 5; round++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Signs the operator in and shows `data` as the dashboard; returns the calls the screen made. */
async function showDashboard(data: SecurityDashboard): Promise<SentRequest[]> {
  localStorage.setItem(StorageKeys.securityToken, 'security-token');
  const sent = stubSecurityServer(({ path }) =>
    path === '/api/security/dashboard' ? jsonResponse(200, { data }) : undefined,
  );
  await renderScreen();
  await settle();
  return sent;
}

function text(): string {
  return container.textContent ?? '';
}

function button(name: string | RegExp): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((candidate) => {
    const label = candidate.getAttribute('aria-label') ?? candidate.textContent ?? '';
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (!found) throw new Error(`No button ${name}`);
  return found;
}

async function click(target: HTMLElement) {
  await act(async () => target.click());
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the security dashboard', () => {
  it('shows its own login without a security token', async () => {
    stubSecurityServer(() => undefined);
    await renderScreen();
    expect(button('Access Security Dashboard')).toBeDefined();
    expect(text()).not.toContain('Loading security dashboard...');
  });

  it('shows every section of a busy day with the spec’s words', async () => {
    await showDashboard(busy);

    const page = text();
    for (const words of [
      'Total Events (24h)57',
      'Critical Events2',
      'Blocked IPs6',
      'System HealthOnline',
      'Critical Threats Detected',
      '+3 more',
      'High-Risk IP Activity',
      'File Protection',
      'ACTIVE',
      // US and Singapore: T1 and Unknown have markers (at the centre) but are no country, and say so.
      'Active threats from 2 countries and addresses of no known country',
      'Critical',
      'High Risk',
      'Low Risk',
      'HIGH SECURITY',
      '< 1ms',
      '8.0/10',
      'Excellent',
      'Block repeat scanners',
      'United States40',
      'Uptime1h 5m',
      'Connected',
      'grace@example.test',
    ]) {
      expect(page).toContain(words);
    }
    expect(page).not.toContain('No blocked IPs');
    expect(page).not.toContain('Global Security Shield Active');
    // Incidents of a kind that did occur: scanner activity shows the first 30 characters of its user agent.
    expect(page).toContain('Mozilla/5.0 (compatible; Nmap …');
    // The recent-events table lists every event, an unknown type by its code, a type without endpoint
    // or e-mail with '-'.
    expect(container.querySelectorAll('table tbody tr')).toHaveLength(5);
    expect(page).toContain('GRAPHQL_INTROSPECTION');
    expect(container.querySelector('table tbody tr:last-child td:last-child')?.textContent).toBe('-');
    // Only the first 5 blocked addresses, each with Unblock.
    expect(container.querySelectorAll('button[aria-label^="Unblock "]').length).toBeGreaterThanOrEqual(5);
    expect(button('Unblock 202.12.27.33')).toBeDefined();
    expect(() => button('Unblock 176.9.0.1')).toThrow();
  });

  it('puts a marker per attacking country and tells its details on click', async () => {
    await showDashboard(busy);

    const markers = [...container.querySelectorAll<HTMLButtonElement>('button[aria-label*="attack"]')];
    expect(markers.map((marker) => marker.getAttribute('aria-label'))).toEqual([
      'United States: 12 attacks, Critical severity',
      'Singapore: 2 attacks, Medium severity',
      'T1: 1 attack, Low severity',
      'Unknown: 4 attacks, High severity',
    ]);
    // An unknown code, and no country at all, sit at the centre of the map.
    for (const unknown of markers.slice(2)) {
      expect(unknown.style.left).toBe('50%');
      expect(unknown.style.top).toBe('50%');
    }
    // Without the outline the globe alone is drawn.
    expect(container.querySelector('svg[data-outline="failed"]')).not.toBeNull();

    await click(markers[0] as HTMLButtonElement);
    const dialog = container.querySelector('dialog[open]');
    expect(dialog?.textContent).toContain('CountryUnited States');
    expect(dialog?.textContent).toContain('Attacks12');
    expect(dialog?.textContent).toContain('SeverityCritical');
    expect(dialog?.textContent).toContain('Last attack');
  });

  it('says every empty state of a quiet day', async () => {
    await showDashboard(quiet);

    const page = text();
    for (const words of [
      'No active threats detected',
      'Global Security Shield Active',
      'No recent attacks detected',
      'No file access attempts',
      'No bot attacks',
      'No scanner activity',
      'All security measures are operating optimally. No immediate action required.',
      'No blocked IPs',
      'No geographic data',
      'No recent security events',
    ]) {
      expect(page).toContain(words);
    }
    expect(page).not.toContain('Critical Alerts');
  });

  it('unblocks an address only after the confirmation, then reloads with focus on the Blocked IPs heading', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    let blocked = busy.blockedIPs;
    const sent = stubSecurityServer(({ method, path, body }) => {
      if (path === '/api/security/dashboard')
        return jsonResponse(200, { data: { ...busy, blockedIPs: blocked } });
      if (method === 'POST' && path === '/api/security/unblock-ip') {
        const { ipAddress } = body as { ipAddress: string };
        blocked = blocked.filter((ip) => ip !== ipAddress);
        return jsonResponse(200, { message: 'Unblocked', ipAddress });
      }
      return undefined;
    });
    await renderScreen();
    await settle();

    const unblock = button('Unblock 81.2.69.142');
    unblock.focus();
    await click(unblock);
    expect(container.querySelector('dialog[open]')?.textContent).toContain('Unblock IP 81.2.69.142?');
    expect(sent.some(({ path }) => path === '/api/security/unblock-ip')).toBe(false);

    const dialog = container.querySelector('dialog[open]') as HTMLDialogElement;
    const confirm = [...dialog.querySelectorAll('button')].find(
      (candidate) => candidate.textContent === 'Unblock',
    );
    await click(confirm as HTMLButtonElement);
    expect(sent.filter(({ path }) => path === '/api/security/unblock-ip').map(({ body }) => body)).toEqual([
      { ipAddress: '81.2.69.142' },
    ]);
    expect(useToastStore.getState().toasts.map(({ message }) => message)).toContain(
      'IP 81.2.69.142 unblocked successfully',
    );
    expect(sent.filter(({ path }) => path === '/api/security/dashboard')).toHaveLength(2);
    expect(() => button('Unblock 81.2.69.142')).toThrow();
    // The pressed button left with its row: focus is on the list's heading, not on <body>.
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.textContent).toBe('Blocked IPs');
  });

  it('reloads on View Details, then brings the operator to Blocked IPs', async () => {
    const sent = await showDashboard(busy);

    await click(button('View Details'));
    expect(sent.filter(({ path }) => path === '/api/security/dashboard')).toHaveLength(2);
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.textContent).toBe('Blocked IPs');
  });

  it('opens the event log on the critical events on Review Events', async () => {
    const sent = await showDashboard(busy);

    await click(button('Review Events'));
    const logReads = sent.filter(({ path }) => path === '/api/security/events');
    expect(logReads.at(-1)?.url.searchParams.get('severity')).toBe('CRITICAL');
    expect(document.activeElement?.tagName).toBe('H2');
    expect(document.activeElement?.textContent).toBe('Event Log');
  });

  it('shows the warning of an undeclared proxy, naming TRUST_PROXY', async () => {
    await showDashboard({
      ...quiet,
      proxyWarning: 'All 40 events of the last 24 hours came from 127.0.0.1 … Set TRUST_PROXY …',
    });
    expect(text()).toContain('Every client looks like one proxy');
    expect(text()).toContain('Set TRUST_PROXY');
  });

  it('puts focus on the login’s e-mail field after Logout', async () => {
    await showDashboard(quiet);

    const logout = button('Logout');
    logout.focus();
    await click(logout);
    expect(button('Access Security Dashboard')).toBeDefined();
    expect(document.activeElement).toBe(container.querySelector('input[type="email"]'));
  });

  it.each([
    [
      'a refusal',
      () => jsonResponse(404, { error: 'The address is not blocked.', code: 'IP_NOT_BLOCKED' }),
      'Failed to unblock IP',
    ],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Error unblocking IP'],
  ])('says so when unblocking meets %s', async (_, failure, message) => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    stubServer(({ path }) => {
      if (path === '/api/security/unblock-ip') return failure();
      if (path === '/api/security/dashboard') return jsonResponse(200, { data: busy });
      return path.startsWith('/api/') ? jsonResponse(200, []) : new Response('', { status: 404 });
    });
    await renderScreen();
    await settle();
    await click(button('Unblock 8.8.8.8'));
    const dialog = container.querySelector('dialog[open]') as HTMLDialogElement;
    await click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Unblock') as HTMLButtonElement,
    );
    expect(useToastStore.getState().toasts.map(({ message: shown }) => shown)).toEqual([message]);
    expect(button('Unblock 8.8.8.8')).toBeDefined();
  });

  it('asks before blocking a shared address, naming its members, and blocks it once confirmed', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    const question =
      '6 members signed in from 203.0.113.70 in the last 24 hours (ada@example.com and 5 more). A block refuses everyone there who is not signed in: their sign-ins and sign-ups too. Confirm to block it anyway.';
    const sent = stubServer(({ path, body }) => {
      if (path === '/api/security/dashboard') return jsonResponse(200, { data: busy });
      if (path === '/api/security/blocks' && body) {
        if (body.confirmShared !== true) {
          return jsonResponse(409, { error: question, code: 'SHARED_ADDRESS_UNCONFIRMED' });
        }
        return jsonResponse(201, {
          ipAddress: '203.0.113.70',
          createdAt: minutesAgo(0),
          expiresAt: new Date(NOW + 86_400_000).toISOString(),
          source: 'manual',
          reason: 'attack from the show floor',
          createdBy: 'security@tapnet.test',
          offence: 1,
          country: null,
        });
      }
      return path.startsWith('/api/') ? jsonResponse(200, []) : new Response('', { status: 404 });
    });
    await renderScreen();
    await settle();
    const form = button('Block Address').closest('form') as HTMLFormElement;
    const [address, reason] = [...form.querySelectorAll('input')];
    for (const [field, value] of [
      [address, '203.0.113.70'],
      [reason, 'attack from the show floor'],
    ] as const) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      await act(async () => field?.dispatchEvent(new Event('input', { bubbles: true })));
    }
    await click(button('Block Address'));
    expect(form.querySelector('[role="alert"]')?.textContent).toContain(`Shared address: ${question}`);
    expect(
      sent.filter((request) => request.method === 'POST' && request.path === '/api/security/blocks'),
    ).toHaveLength(1);
    await click(button('Block Shared Address Anyway'));
    const blocks = sent.filter(
      (request) => request.method === 'POST' && request.path === '/api/security/blocks',
    );
    expect(blocks.map((request) => request.body?.confirmShared)).toEqual([undefined, true]);
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });

  it('goes back to the login when the server refuses the token', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'expired-token');
    stubSecurityServer(() => jsonResponse(401, { error: 'Invalid or expired token', code: 'TOKEN_INVALID' }));
    await renderScreen();
    await settle();
    expect(text()).toContain('Security session expired. Please log in again.');
    expect(button('Access Security Dashboard')).toBeDefined();
    expect(localStorage.getItem(StorageKeys.securityToken)).toBeNull();
  });

  it('shows any other failure with Back to Login, which logs out', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    stubSecurityServer(() => new Response('database is down', { status: 503 }));
    await renderScreen();
    await settle();
    expect(text()).toContain('Failed to fetch security data: HTTP 503: database is down');
    await click(button('Back to Login'));
    expect(button('Access Security Dashboard')).toBeDefined();
    expect(localStorage.getItem(StorageKeys.securityToken)).toBeNull();
  });

  it('offers Retry, which reads again and keeps the operator signed in', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    let isDown = true;
    const sent = stubSecurityServer(({ path }) => {
      if (path !== '/api/security/dashboard') return undefined;
      return isDown ? new Response('database is down', { status: 503 }) : jsonResponse(200, { data: quiet });
    });
    await renderScreen();
    await settle();
    isDown = false;
    await click(button('Retry'));
    expect(sent.filter(({ path }) => path === '/api/security/dashboard')).toHaveLength(2);
    expect(text()).toContain('Total Events (24h)0');
    expect(localStorage.getItem(StorageKeys.securityToken)).toBe('security-token');
  });

  it('shows a proxy’s HTML error page as its text, never as markup', async () => {
    localStorage.setItem(StorageKeys.securityToken, 'security-token');
    stubSecurityServer(
      () =>
        new Response(
          '<html><head><title>502</title><style>body{color:red}</style></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>',
          { status: 502, headers: { 'Content-Type': 'text/html' } },
        ),
    );
    await renderScreen();
    await settle();
    expect(text()).toContain('Failed to fetch security data: HTTP 502: 502 Bad Gateway nginx');
    expect(text()).not.toContain('<');
  });
});
