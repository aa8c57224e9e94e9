// The security dashboard's figures (insights-and-operators.md §3, §9): 24 h totals, the last hour's
// attacks, high risk at 5 events, effectiveness per §9, and a score computed from visible checks.

import { UNKNOWN_COUNTRY } from '../../../contract/analytics';
import {
  BOT_EVENT_TYPES,
  FILE_EVENT_TYPES,
  INCIDENT_KINDS,
  INCIDENTS_PER_KIND,
  type Recommendation,
  type ScoreCheck,
  type SecurityDashboard,
  type SecurityEventType,
  SecurityEventTypeSchema,
  SHARED_ADDRESS_MEMBERS,
} from '../../../contract/security';
import type { TrustProxy } from '../../platform/config';
import type { AppContext } from '../../platform/context';
import { addressFingerprint, isLocalNetwork } from '../../platform/security/address';
import { HIGH_RISK_EVENTS, type SecurityMonitor } from '../../platform/security/monitor';
import { INFORMATIONAL_TYPES, RULE_BY_ID } from '../../platform/security/rules';
import { HOUR_MS } from '../../platform/time';
import * as queries from './queries';

const LISTS = { recentEvents: 10, recentAttacks: 5, geo: 5, suspicious: 20, shared: 20 } as const;

/** Our own answers to attacks: a block, an address marked high-risk. */
const RESPONSE_TYPES: readonly SecurityEventType[] = ['IP_BLOCKED', 'SUSPICIOUS_IP_MARKED'];

/**
 * What counts as an attack on the map: not sign-ins, operator work or welcome bots, nor what we did in
 * answer (an operator's manual block is no attack).
 */
export const ATTACK_TYPES: readonly SecurityEventType[] = SecurityEventTypeSchema.options.filter(
  (type) => !INFORMATIONAL_TYPES.includes(type) && !RESPONSE_TYPES.includes(type),
);

/** Below this many events in 24 h, one address is too little to say a proxy hides the clients. */
const PROXY_EVIDENCE_EVENTS = 10;

/** The warning of a reverse proxy not declared in TRUST_PROXY, or null (see `proxyWarning` in the contract). */
export function proxyWarningOf(
  trustProxy: TrustProxy,
  spread: { events: number; addresses: number; address: string | null },
): string | null {
  if (trustProxy !== false || spread.addresses !== 1 || spread.events < PROXY_EVIDENCE_EVENTS) return null;
  if (spread.address === null || !isLocalNetwork(spread.address)) return null;
  return `All ${spread.events} events of the last 24 hours came from ${spread.address}: a reverse proxy in front of Tapnet, with TRUST_PROXY not set. Every client looks like the proxy, so a block or a rate limit would hit them all. Set TRUST_PROXY to the proxy's address or hop count (docs/configuration.md).`;
}

export function formatBlockTime(milliseconds: number | null): string {
  if (milliseconds === null || milliseconds < 0.01) return '< 1ms';
  return milliseconds < 1 ? `${milliseconds.toFixed(2)}ms` : `${milliseconds.toFixed(1)}ms`;
}

/** §9: 8 or more Excellent, 6 or more Good, else Needs attention. */
export function verdictOf(score: number): SecurityDashboard['scoreVerdict'] {
  if (score >= 8) return 'Excellent';
  if (score >= 6) return 'Good';
  return 'Needs attention';
}

/** §9: max(90 − 5 × risk score, 75) percent. */
export function threatIntelligenceEffectiveness(riskScore: number): number {
  return Math.max(90 - 5 * riskScore, 75);
}

function sum(counts: Map<SecurityEventType, number>, types: readonly SecurityEventType[]): number {
  return types.reduce((total, type) => total + (counts.get(type) ?? 0), 0);
}

/**
 * `operatorAddress`: the asking operator's address key, which the block tool refuses, so it is never
 * recommended for a block either.
 */
export async function buildDashboard(
  ctx: AppContext,
  monitor: SecurityMonitor,
  operatorAddress: string,
): Promise<SecurityDashboard> {
  await monitor.settle();
  const now = Date.now();
  const since24h = new Date(now - 24 * HOUR_MS);
  const sinceHour = new Date(now - HOUR_MS);
  const [
    severityCounts,
    types,
    recentEvents,
    addresses,
    highRiskIPs,
    countries,
    recentAttacks,
    geo,
    blocks,
    isUp,
    fileAccess,
    botAttacks,
    scannerActivity,
    spread,
  ] = await Promise.all([
    queries.severityCounts(ctx.db, since24h),
    queries.typeCounts(ctx.db, since24h),
    queries.latestEvents(ctx.db, LISTS.recentEvents),
    queries.addressCounts(ctx.db, since24h, LISTS.suspicious),
    queries.highRiskAddressCount(ctx.db, since24h, HIGH_RISK_EVENTS),
    queries.attacksByCountry(ctx.db, since24h, ATTACK_TYPES),
    queries.latestEvents(ctx.db, LISTS.recentAttacks, ATTACK_TYPES),
    queries.countryCounts(ctx.db, since24h, LISTS.geo),
    queries.activeBlockRows(ctx.db, new Date(now)),
    ctx.isDatabaseReachable(),
    queries.latestEvents(ctx.db, INCIDENTS_PER_KIND, INCIDENT_KINDS.fileAccess),
    queries.latestEvents(ctx.db, INCIDENTS_PER_KIND, INCIDENT_KINDS.botAttacks),
    queries.latestEvents(ctx.db, INCIDENTS_PER_KIND, INCIDENT_KINDS.scannerActivity),
    queries.addressSpread(ctx.db, since24h),
  ]);
  const proxyWarning = proxyWarningOf(ctx.config.trustProxy, spread);
  // The addresses the dashboard names (suspicious or blocked), each looked up by its fingerprint.
  const members = await queries.membersSignedInFrom(
    ctx.db,
    [
      ...new Set([
        ...addresses.map((address) => address.ipAddress),
        ...blocks.map((block) => block.ip_address),
      ]),
    ],
    since24h,
    (address) => addressFingerprint(address, ctx.codeKey),
  );
  const sharedAddresses = [...members]
    .filter(([, count]) => count >= SHARED_ADDRESS_MEMBERS)
    .sort(([, a], [, b]) => b - a)
    .slice(0, LISTS.shared)
    .map(([ipAddress, count]) => ({ ipAddress, members: count }));
  const blockedIPs = blocks.map((block) => block.ip_address);
  const blocked = new Set(blockedIPs);
  const suspiciousIPs = addresses.map((address) => {
    const membersSignedIn = members.get(address.ipAddress) ?? 0;
    return {
      ...address,
      lastSeen: address.lastSeen.toISOString(),
      membersSignedIn,
      isShared: membersSignedIn >= SHARED_ADDRESS_MEMBERS,
    };
  });
  const highRisk = suspiciousIPs.filter(
    (address) => address.count >= HIGH_RISK_EVENTS && !blocked.has(address.ipAddress),
  );
  // What a block would suit: never a venue's address, nor one the block tool refuses.
  const blockable = highRisk.filter(
    ({ ipAddress, isShared }) =>
      !isShared && ipAddress !== operatorAddress && !monitor.isAllowlisted(ipAddress),
  );
  const sharedAtRisk = highRisk.filter(({ isShared }) => isShared);
  // Risk: high-risk addresses still free to act that a block would suit, capped at 10.
  const riskScore = Math.min(10, blockable.length);
  const modeOf = (ruleId: string) => {
    const rule = RULE_BY_ID.get(ruleId);
    return rule ? monitor.modeOf(rule) : 'off';
  };
  const enabled = monitor.settings.enabled;
  const checks = scoreChecks(ctx, monitor, { isUp, riskScore, modeOf, proxyWarning });
  const passed = checks.filter((check) => check.passed).length;
  const securityScore = Math.round((passed / checks.length) * 100) / 10;
  const averageBlockTimeMs = monitor.averageBlockTimeMs();
  return {
    totalEvents: Object.values(severityCounts).reduce((total, count) => total + count, 0),
    severityCounts,
    blockedIPs,
    systemHealth: {
      databaseConnected: isUp,
      monitoringEnabled: enabled,
      uptime: Math.round(process.uptime()),
    },
    recentEvents,
    incidents: { fileAccess, botAttacks, scannerActivity },
    suspiciousIPs,
    sharedAddresses,
    protectionStatus: {
      fileProtection: {
        active: enabled && modeOf('sensitive-file') !== 'off',
        blocked: sum(types, FILE_EVENT_TYPES),
        // Every probe for a file is answered 404 while the rule is on.
        effectiveness: enabled && modeOf('sensitive-file') !== 'off' ? 100 : 0,
      },
      botProtection: {
        active: enabled && modeOf('malicious-bot') !== 'off',
        blocked: sum(types, BOT_EVENT_TYPES),
        effectiveness: enabled && modeOf('malicious-bot') === 'block' ? 100 : 0,
      },
      threatIntelligence: {
        active: enabled,
        highRiskIPs,
        riskScore,
        effectiveness: threatIntelligenceEffectiveness(riskScore),
      },
    },
    threatAnalysis: {
      fileAccessAttempts: sum(types, FILE_EVENT_TYPES),
      maliciousBots: sum(types, BOT_EVENT_TYPES),
      highRiskIPs,
      attackMap: {
        countriesArray: countries.map((country) => ({
          name: country.country ?? UNKNOWN_COUNTRY,
          attacks: country.attacks,
          severity: country.severity,
          lastAttack: country.lastAttack.toISOString(),
        })),
        recentAttacks: recentAttacks
          .filter((event) => Date.parse(event.timestamp) > sinceHour.getTime())
          .map((event) => ({
            country: event.country ?? UNKNOWN_COUNTRY,
            eventType: event.eventType,
            severity: event.severity,
            timestamp: event.timestamp,
          })),
      },
    },
    geoDistribution: geo,
    responseMetrics: { averageBlockTime: formatBlockTime(averageBlockTimeMs), averageBlockTimeMs },
    securityScore,
    scoreVerdict: verdictOf(securityScore),
    scoreChecks: checks,
    recommendations: recommend(types, checks, { riskScore, sharedAtRisk: sharedAtRisk.length, modeOf }),
    proxyWarning,
  };
}

function scoreChecks(
  ctx: AppContext,
  monitor: SecurityMonitor,
  facts: {
    isUp: boolean;
    riskScore: number;
    modeOf: (ruleId: string) => string;
    proxyWarning: string | null;
  },
): ScoreCheck[] {
  const { config } = ctx;
  const blockingRules = ['sensitive-file', 'scanner-agent', 'malicious-url'];
  const notBlocking = blockingRules.filter((ruleId) => facts.modeOf(ruleId) !== 'block');
  return [
    {
      check: 'Monitoring enabled',
      passed: monitor.settings.enabled,
      detail: monitor.settings.enabled ? 'Every request is inspected.' : 'SECURITY_MONITORING is off.',
    },
    {
      check: 'Probe and scanner rules block',
      passed: notBlocking.length === 0,
      detail:
        notBlocking.length === 0
          ? 'File probes, scanners and malicious URLs lead to blocks.'
          : `Not blocking: ${notBlocking.join(', ')}.`,
    },
    {
      check: 'Injection rules watching',
      passed: facts.modeOf('sql-injection') !== 'off' && facts.modeOf('xss') !== 'off',
      detail: 'SQL injection and XSS signatures are recorded (detect-only by default).',
    },
    {
      check: 'Alerts can be mailed',
      passed: Boolean(config.smtpUrl && monitor.settings.alertEmail),
      detail: config.smtpUrl
        ? `Alerts go to ${monitor.settings.alertEmail ?? 'nobody (set SECURITY_ALERT_EMAIL)'}.`
        : 'SMTP_URL is not set.',
    },
    {
      check: 'Database connected',
      passed: facts.isUp,
      detail: facts.isUp ? 'Events and blocks are stored and shared.' : 'The database does not answer.',
    },
    {
      check: 'Client address trustworthy',
      passed: config.trustProxy !== true && facts.proxyWarning === null,
      detail:
        config.trustProxy === true
          ? 'TRUST_PROXY=true believes an address the client writes itself; give a hop count or the proxies.'
          : (facts.proxyWarning ??
            'Blocks, rate limits and sessions use the address resolved under TRUST_PROXY.'),
    },
    {
      check: 'Served over HTTPS',
      passed: config.publicUrl.startsWith('https://'),
      detail: `PUBLIC_URL is ${config.publicUrl}.`,
    },
    {
      check: 'No high-risk address left unblocked',
      passed: facts.riskScore === 0,
      detail:
        facts.riskScore === 0
          ? 'Every address with 5+ events is blocked.'
          : `${facts.riskScore} high-risk addresses are not blocked.`,
    },
  ];
}

function recommend(
  types: Map<SecurityEventType, number>,
  checks: ScoreCheck[],
  facts: { riskScore: number; sharedAtRisk: number; modeOf: (ruleId: string) => string },
): Recommendation[] {
  const recommendations: Recommendation[] = [];
  const seen = (type: SecurityEventType) => (types.get(type) ?? 0) > 0;
  if (facts.riskScore > 0) {
    recommendations.push({
      priority: 'HIGH',
      action: 'Review high-risk addresses',
      description: `${facts.riskScore} addresses reached ${HIGH_RISK_EVENTS} events in 24 h without being blocked.`,
      implementation:
        'The High-Risk IP Activity alert names them: block each for 24 h under Operator Tools → Block an Address, or add it to the Allowlist if it is yours.',
    });
  }
  if (facts.sharedAtRisk > 0) {
    recommendations.push({
      priority: 'MEDIUM',
      action: 'Watch shared addresses, do not block them',
      description: `${facts.sharedAtRisk} shared addresses (${SHARED_ADDRESS_MEMBERS} or more members signed in from each in 24 h, a venue or an office) reached ${HIGH_RISK_EVENTS} events in 24 h.`,
      implementation:
        'Blocking one refuses everyone there who is not signed in. The attacker’s own requests are refused already, and an account that attacks is suspended by itself; for an event, allowlist the venue’s address for a day instead.',
    });
  }
  if (seen('SQL_INJECTION_ATTEMPT') && facts.modeOf('sql-injection') !== 'block') {
    recommendations.push({
      priority: 'MEDIUM',
      action: 'Consider blocking on SQL injection',
      description: 'SQL injection signatures matched in the last 24 h while the rule only detects.',
      implementation:
        'Check the events for false positives, then switch the sql-injection rule to block (the preview shows what it would have blocked).',
    });
  }
  if (seen('XSS_ATTEMPT') && facts.modeOf('xss') !== 'block') {
    recommendations.push({
      priority: 'MEDIUM',
      action: 'Consider blocking on XSS',
      description: 'Script injection signatures matched in the last 24 h while the rule only detects.',
      implementation: 'Check the events for false positives, then switch the xss rule to block.',
    });
  }
  if (seen('SCANNER_DETECTED') || seen('SENSITIVE_FILE_ACCESS')) {
    recommendations.push({
      priority: 'LOW',
      action: 'Keep secrets out of the web root',
      description:
        'Scanners probed for configuration and secret files in the last 24 h; all were answered 404.',
      implementation:
        'Make sure no .env, .git or backup file is ever copied next to the built app (STATIC_DIR).',
    });
  }
  for (const check of checks.filter((one) => !one.passed)) {
    if (check.check === 'No high-risk address left unblocked') continue;
    recommendations.push({
      priority:
        check.check === 'Monitoring enabled' || check.check === 'Database connected' ? 'CRITICAL' : 'MEDIUM',
      action: `Fix: ${check.check}`,
      description: check.detail,
      implementation: 'See docs/behaviour/security.md for the setting involved.',
    });
  }
  return recommendations;
}
