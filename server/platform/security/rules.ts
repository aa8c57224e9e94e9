// One rule per event type of the spec (§3): its id, default severity, points and mode. Points are
// CRS-style (CRITICAL 5, HIGH 4, MEDIUM 3, LOW 0: LOW is informational and never fills a bucket).
import type { RuleMode, SecurityEventType, Severity } from '../../../contract/security';

export interface Rule {
  id: string;
  eventType: SecurityEventType;
  severity: Severity;
  defaultMode: RuleMode;
  /** Extra points on top of the severity's (a scanner blocks at once). */
  points?: number;
  description: string;
  /** Link unfurlers are part of the product: that rule never blocks. */
  neverBlocks?: boolean;
}

export const SEVERITY_POINTS: Record<Severity, number> = { CRITICAL: 5, HIGH: 4, MEDIUM: 3, LOW: 0 };

/** Points at which an address's bucket overflows into a block. */
export const BLOCK_THRESHOLD_POINTS = 10;
/** A bucket drains 1 point every 30 s: 10 points are forgotten after 5 minutes of quiet. */
export const BUCKET_LEAK_PER_SECOND = 1 / 30;

export const RULES: readonly Rule[] = [
  {
    id: 'sensitive-file',
    eventType: 'SENSITIVE_FILE_ACCESS',
    severity: 'HIGH',
    defaultMode: 'block',
    description:
      'Probes for secrets and configuration (/.env, /.git/, wp-config.php …); CRITICAL for .env and .git/config.',
  },
  {
    id: 'scanner-agent',
    eventType: 'SCANNER_DETECTED',
    severity: 'HIGH',
    defaultMode: 'block',
    points: BLOCK_THRESHOLD_POINTS,
    description:
      'User agents of security scanners and attack tools (sqlmap, nikto, nuclei …): blocked at once.',
  },
  {
    id: 'malicious-bot',
    eventType: 'MALICIOUS_BOT_DETECTED',
    severity: 'HIGH',
    defaultMode: 'block',
    description: 'A self-declared bot that probes for files or bursts through missing paths.',
  },
  {
    id: 'bot-burst-high',
    eventType: 'HIGH_RISK_BOT_BEHAVIOR',
    severity: 'HIGH',
    defaultMode: 'block',
    description: 'More than 10 distinct missing paths in 10 s from a client that is not signed in.',
  },
  {
    id: 'bot-burst-medium',
    eventType: 'MEDIUM_RISK_BOT_BEHAVIOR',
    severity: 'MEDIUM',
    defaultMode: 'block',
    description: 'More than 20 distinct missing paths in 10 min from a client that is not signed in.',
  },
  {
    id: 'suspicious-agent',
    eventType: 'SUSPICIOUS_USER_AGENT',
    severity: 'LOW',
    defaultMode: 'detect',
    description:
      'No user agent, or an automation library (curl, python-requests …) on a page or anonymous API call.',
  },
  {
    id: 'malicious-url',
    eventType: 'MALICIOUS_URL_PATTERN',
    severity: 'HIGH',
    defaultMode: 'block',
    description:
      'Path traversal, encoded NUL, Vite /@fs/ and /@id/, WordPress and phpMyAdmin probes, JNDI lookups.',
  },
  {
    id: 'suspicious-extension',
    eventType: 'SUSPICIOUS_FILE_EXTENSION',
    severity: 'MEDIUM',
    defaultMode: 'block',
    description:
      'Server scripts, backups and editor leftovers (.php, .asp, .jsp, .bak, .swp, .sql …) a Node app never serves.',
  },
  {
    id: 'legitimate-bot',
    eventType: 'LEGITIMATE_BOT_ACCESS',
    severity: 'LOW',
    defaultMode: 'detect',
    neverBlocks: true,
    description:
      'Link unfurlers and crawlers (WhatsApp, Slack, LinkedIn, Facebook …) reading a card page: never blocked.',
  },
  {
    id: 'suspicious-ip',
    eventType: 'SUSPICIOUS_IP_MARKED',
    severity: 'MEDIUM',
    defaultMode: 'detect',
    description: 'An address reached 5 events in 24 h (the spec’s high-risk mark).',
  },
  {
    id: 'login-attempt',
    eventType: 'LOGIN_ATTEMPT',
    severity: 'LOW',
    defaultMode: 'detect',
    description: 'A member or operator sign-in was tried.',
  },
  {
    id: 'login-success',
    eventType: 'LOGIN_SUCCESS',
    severity: 'LOW',
    defaultMode: 'detect',
    description: 'A member signed in.',
  },
  {
    id: 'login-failure',
    eventType: 'LOGIN_FAILURE',
    severity: 'LOW',
    // The account lock-out per address and the slow-down per account already answer guessing.
    defaultMode: 'detect',
    description:
      'A sign-in failed; MEDIUM from the 5th failure of an address in 15 min (credential stuffing).',
  },
  {
    id: 'operator-login',
    eventType: 'ADMIN_LOGIN',
    severity: 'LOW',
    defaultMode: 'detect',
    description: 'An admin or security operator signed in.',
  },
  {
    id: 'operator-action',
    eventType: 'ADMIN_ACTION',
    severity: 'MEDIUM',
    defaultMode: 'detect',
    description:
      'An operator changed something (issued cards, blocked, unblocked, edited the allowlist or a rule).',
  },
  {
    id: 'unauthorized-operator',
    eventType: 'UNAUTHORIZED_ACCESS',
    severity: 'MEDIUM',
    defaultMode: 'block',
    description: 'A call to /api/admin/ or /api/security/ without a valid token of that role.',
  },
  {
    id: 'rate-limit',
    eventType: 'RATE_LIMIT_EXCEEDED',
    severity: 'MEDIUM',
    // The limit itself already refuses; a block on top would hit members behind one shared address.
    defaultMode: 'detect',
    description: 'A route’s request limit was hit.',
  },
  {
    id: 'ip-blocked',
    eventType: 'IP_BLOCKED',
    severity: 'HIGH',
    defaultMode: 'detect',
    description: 'An address was blocked, automatically or by an operator.',
  },
  {
    id: 'xss',
    eventType: 'XSS_ATTEMPT',
    severity: 'HIGH',
    defaultMode: 'detect',
    description:
      'Script markup or script URLs in the path, query or an anonymous body (detect-only by default).',
  },
  {
    id: 'sql-injection',
    eventType: 'SQL_INJECTION_ATTEMPT',
    severity: 'HIGH',
    defaultMode: 'detect',
    description:
      'Quote break-outs, UNION SELECT, stacked queries in the path, query or an anonymous body (detect-only by default).',
  },
  {
    id: 'malformed-request',
    eventType: 'MALFORMED_REQUEST',
    severity: 'LOW',
    defaultMode: 'block',
    description:
      'Unreadable JSON, bad URL encoding; MEDIUM from the 3rd in 10 min from an address not signed in.',
  },
  // Secure cards (docs/behaviour/secure-cards.md): what a tap of an NTAG 424 DNA card failed. Detect
  // only: the card page opens anyway, unverified, and a replayed link is usually a reload or a share.
  {
    id: 'card-replay',
    eventType: 'CARD_REPLAY',
    severity: 'MEDIUM',
    defaultMode: 'detect',
    description:
      'A secure card’s tap URL with a counter not above the card’s last verified one: a reload, a shared or copied link.',
  },
  {
    id: 'card-signature',
    eventType: 'CARD_INVALID_SIGNATURE',
    severity: 'HIGH',
    defaultMode: 'detect',
    description:
      'A secure card’s tap URL whose data or MAC the card’s keys do not verify: forged or altered.',
  },
  {
    id: 'card-uid',
    eventType: 'CARD_UID_MISMATCH',
    severity: 'HIGH',
    defaultMode: 'detect',
    description: 'A validly signed tap from a tag whose UID is not the one the card was registered with.',
  },
  {
    id: 'card-clone',
    eventType: 'CARD_CLONE_SUSPECTED',
    severity: 'HIGH',
    defaultMode: 'detect',
    description:
      'A verified tap far ahead of the card’s last counter, or from another country minutes after the last tap.',
  },
];

/** Events that describe normal use (sign-ins, operator work, link previews), not a threat. */
export const INFORMATIONAL_TYPES: readonly SecurityEventType[] = [
  'LOGIN_ATTEMPT',
  'LOGIN_SUCCESS',
  'ADMIN_LOGIN',
  'ADMIN_ACTION',
  'LEGITIMATE_BOT_ACCESS',
];

export const RULE_BY_TYPE = new Map(RULES.map((rule) => [rule.eventType, rule]));
export const RULE_BY_ID = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleFor(eventType: SecurityEventType): Rule {
  const rule = RULE_BY_TYPE.get(eventType);
  if (!rule) throw new Error(`No rule for ${eventType}`);
  return rule;
}

export function pointsOf(rule: Rule, severity: Severity): number {
  return rule.points ?? SEVERITY_POINTS[severity];
}

export function allowedModes(rule: Rule): RuleMode[] {
  return rule.neverBlocks ? ['detect', 'off'] : ['block', 'detect', 'off'];
}
