// What one request shows before it is handled: the path after decoding, the query and the user agent
// (and, separately, the body of a request nobody signed in for). Pure: the same request always gives
// the same findings, which the case table tests.

import { isbot } from 'isbot';
import type { SecurityEventType, Severity } from '../../../contract/security';
import { redactUrl } from '../secret-urls';
import {
  AUTOMATION_AGENTS,
  CRITICAL_FILES,
  MALICIOUS_URL_PATTERNS,
  SCANNER_AGENTS,
  SENSITIVE_FILES,
  SQL_INJECTION,
  SUSPICIOUS_EXTENSIONS,
  UNFURLERS,
  XSS,
} from './signatures';

/** Every event type a request's own inspection can find; the others come from outcomes and scoring. */
export const INSPECTED_EVENT_TYPES = [
  'MALFORMED_REQUEST',
  'SENSITIVE_FILE_ACCESS',
  'MALICIOUS_URL_PATTERN',
  'SUSPICIOUS_FILE_EXTENSION',
  'SQL_INJECTION_ATTEMPT',
  'XSS_ATTEMPT',
  'SCANNER_DETECTED',
  'MALICIOUS_BOT_DETECTED',
  'LEGITIMATE_BOT_ACCESS',
  'SUSPICIOUS_USER_AGENT',
] as const satisfies readonly SecurityEventType[];

export interface Finding {
  eventType: (typeof INSPECTED_EVENT_TYPES)[number];
  severity: Severity;
  /** The part that matched, short and redacted. */
  matched: string;
}

export interface RequestFacts {
  method: string;
  /** The raw URL as received (path and query, still encoded). */
  url: string;
  userAgent: string | undefined;
}

export interface Inspection {
  /** Shared between requests (the inspection of an ordinary request is kept): never changed. */
  findings: readonly Finding[];
  /** The path, decoded once and lower-cased (the raw one when it does not decode). */
  path: string;
  /** A probe for something Tapnet never serves: answered 404, never with the app's page. */
  isProbe: boolean;
  /** A known link unfurler or crawler on a public card page: never blocked. */
  isUnfurler: boolean;
}

const MATCH_LENGTH = 120;
const CARD_PAGE = /^\/(nfc|c|display-card|my-display-card|api\/nfc)\/[^/]+(\/vcard|\/qr\.png)?\/?$/;

/** What is stored of a URL or a matched part: secrets in paths and queries never, and at most 120 characters. */
export function redact(text: string): string {
  return redactUrl(text).slice(0, MATCH_LENGTH);
}

function decodeOnce(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** One pattern per list, tried once per text: a list of N patterns costs one scan, not N. */
function combined(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}

function anyOf(entries: readonly string[]): RegExp {
  return new RegExp(entries.map((entry) => entry.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'));
}

const SENSITIVE_PATTERN = anyOf(SENSITIVE_FILES);
const SCANNER_PATTERN = anyOf(SCANNER_AGENTS);
const AUTOMATION_PATTERN = anyOf(AUTOMATION_AGENTS);
const SQL_PATTERN = combined(SQL_INJECTION);
const XSS_PATTERN = combined(XSS);
const URL_PATTERN = combined(MALICIOUS_URL_PATTERNS);

function firstMatch(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[0];
}

function findIn(text: string, entries: readonly string[]): string | undefined {
  return entries.find((entry) => text.includes(entry));
}

export function isCardPage(path: string): boolean {
  return CARD_PAGE.test(path);
}

export function inspectRequest({ method, url, userAgent }: RequestFacts): Inspection {
  const ofUrl = urlVerdict(url);
  const agent = agentVerdict(userAgent ?? '');
  const onCardPage = (method === 'GET' || method === 'HEAD') && ofUrl.isCardPage;
  // What an ordinary request shows: nothing, found without a finding list of its own.
  if (ofUrl.findings.length === 0 && !onCardPage && agent.isPlain) return ofUrl.clean;
  const findings = [...ofUrl.findings];
  const { isProbe, path } = ofUrl;
  const { lower, scanner, isAutomation } = agent;
  if (scanner) {
    const withPayload = findings.some(({ severity }) => severity === 'HIGH' || severity === 'CRITICAL');
    findings.push({
      eventType: 'SCANNER_DETECTED',
      severity: withPayload ? 'CRITICAL' : 'HIGH',
      matched: scanner,
    });
  }
  // isbot's pattern is the costly part: asked only where its answer matters.
  const isBot = (onCardPage || isProbe) && !scanner && lower !== '' && isbot(lower);
  const isKnownUnfurler = isBot && findIn(lower, UNFURLERS) !== undefined;
  const isUnfurler = onCardPage && isKnownUnfurler;
  if (isBot && isProbe) {
    findings.push({ eventType: 'MALICIOUS_BOT_DETECTED', severity: 'HIGH', matched: redact(lower) });
  } else if (isBot && (isKnownUnfurler || !isAutomation)) {
    // Crawlers and link unfurlers reading a card: the product working. An HTTP library is not one.
    findings.push({ eventType: 'LEGITIMATE_BOT_ACCESS', severity: 'LOW', matched: redact(lower) });
  } else if (!scanner && path !== '/api/health' && (lower === '' || isAutomation)) {
    // An HTTP library is how integrations talk; no user agent at all is what hand-made attack scripts send.
    findings.push(
      lower === ''
        ? { eventType: 'SUSPICIOUS_USER_AGENT', severity: 'MEDIUM', matched: '(none)' }
        : { eventType: 'SUSPICIOUS_USER_AGENT', severity: 'LOW', matched: redact(lower) },
    );
  }
  return { findings, path, isProbe, isUnfurler };
}

/** What a URL alone shows, whoever asks for it. */
interface UrlVerdict {
  findings: readonly Finding[];
  path: string;
  isProbe: boolean;
  isCardPage: boolean;
  /** The inspection of this URL when the agent and method add nothing. */
  clean: Inspection;
}

function inspectUrl(url: string): UrlVerdict {
  const findings: Finding[] = [];
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const decodedPath = decodeOnce(rawPath);
  const decodedQuery = decodeOnce(rawQuery.replaceAll('+', ' '));
  if (decodedPath === undefined || decodedQuery === undefined) {
    findings.push({ eventType: 'MALFORMED_REQUEST', severity: 'LOW', matched: redact(url) });
  }
  const path = (decodedPath ?? rawPath).toLowerCase();
  const query = (decodedQuery ?? rawQuery).toLowerCase();
  const rawLower = url.toLowerCase();

  const sensitive = firstMatch(path, SENSITIVE_PATTERN);
  if (sensitive) {
    const critical = CRITICAL_FILES.some((file) => path === file || path.startsWith(`${file}`));
    findings.push({
      eventType: 'SENSITIVE_FILE_ACCESS',
      severity: critical ? 'CRITICAL' : 'HIGH',
      matched: redact(path),
    });
  }
  const maliciousUrl = firstMatch(path, URL_PATTERN) ?? firstMatch(rawLower, URL_PATTERN);
  if (maliciousUrl !== undefined) {
    findings.push({
      eventType: 'MALICIOUS_URL_PATTERN',
      severity: 'HIGH',
      matched: redact(maliciousUrl || path),
    });
  }
  const extension = SUSPICIOUS_EXTENSIONS.exec(path);
  if (extension && !sensitive) {
    findings.push({ eventType: 'SUSPICIOUS_FILE_EXTENSION', severity: 'MEDIUM', matched: redact(path) });
  }
  const target = `${path} ${query}`;
  const sql = firstMatch(target, SQL_PATTERN);
  if (sql) findings.push({ eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH', matched: redact(sql) });
  const xss = firstMatch(target, XSS_PATTERN);
  if (xss) findings.push({ eventType: 'XSS_ATTEMPT', severity: 'HIGH', matched: redact(xss) });

  const isProbe = findings.some(({ eventType }) =>
    ['SENSITIVE_FILE_ACCESS', 'MALICIOUS_URL_PATTERN', 'SUSPICIOUS_FILE_EXTENSION'].includes(eventType),
  );
  return {
    findings,
    path,
    isProbe,
    isCardPage: isCardPage(path),
    clean: { findings: [], path, isProbe, isUnfurler: false },
  };
}

/**
 * Verdicts kept per text: the same few URLs (an open app's polls) and agents come again and again.
 * Past the bound, all are forgotten at once: a scanner's endless new URLs cost what they did before.
 * Only short texts are kept, so that the memory stays small (2,000 × 512 characters at most) whatever
 * a client sends; a longer one is read each time, as before.
 */
const VERDICTS_KEPT = 2_000;
const LONGEST_KEPT = 512;
const urlVerdicts = new Map<string, UrlVerdict>();
const agentVerdicts = new Map<string, AgentVerdict>();

function kept<V>(verdicts: Map<string, V>, text: string, judge: (text: string) => V): V {
  if (text.length > LONGEST_KEPT) return judge(text);
  let verdict = verdicts.get(text);
  if (!verdict) {
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdict = judge(text);
    verdicts.set(text, verdict);
  }
  return verdict;
}

function urlVerdict(url: string): UrlVerdict {
  return kept(urlVerdicts, url, inspectUrl);
}

interface AgentVerdict {
  /** The agent lower-cased, as the patterns read it. */
  lower: string;
  scanner: string | undefined;
  isAutomation: boolean;
  /** A browser's agent: it adds no finding to a request that is not for a card page. */
  isPlain: boolean;
}

/** What a user agent says about its client. */
function judgeAgent(agent: string): AgentVerdict {
  const lower = agent.toLowerCase();
  const scanner = firstMatch(lower, SCANNER_PATTERN);
  const isAutomation = AUTOMATION_PATTERN.test(lower);
  return { lower, scanner, isAutomation, isPlain: lower !== '' && scanner === undefined && !isAutomation };
}

function agentVerdict(agent: string): AgentVerdict {
  return kept(agentVerdicts, agent, judgeAgent);
}

/** Body fields that hold secrets: never read, so never stored. */
export const SECRET_FIELDS = /pass|token|code|secret|otp/i;

/** SQL injection and XSS in the string fields of a body sent without signing in. */
export function inspectBody(body: unknown): Finding[] {
  const texts: string[] = [];
  collectStrings(body, texts, 0);
  const findings: Finding[] = [];
  for (const text of texts) {
    const lower = text.toLowerCase();
    const sql = firstMatch(lower, SQL_PATTERN);
    if (sql && !findings.some(({ eventType }) => eventType === 'SQL_INJECTION_ATTEMPT')) {
      findings.push({ eventType: 'SQL_INJECTION_ATTEMPT', severity: 'HIGH', matched: redact(sql) });
    }
    const xss = firstMatch(lower, XSS_PATTERN);
    if (xss && !findings.some(({ eventType }) => eventType === 'XSS_ATTEMPT')) {
      findings.push({ eventType: 'XSS_ATTEMPT', severity: 'HIGH', matched: redact(xss) });
    }
  }
  return findings;
}

const MAX_DEPTH = 4;
const MAX_STRINGS = 50;
/** How much of one string of a body is read. */
export const BODY_TEXT_INSPECTED = 2_000;

function collectStrings(value: unknown, into: string[], depth: number): void {
  if (into.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    into.push(value.slice(0, BODY_TEXT_INSPECTED));
  } else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!SECRET_FIELDS.test(key)) collectStrings(item, into, depth + 1);
    }
  }
}
