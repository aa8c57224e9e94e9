// The request pipeline's security: who is asking is decided first (identity.ts), then a block is
// refused from memory, before any parsing; then each request is inspected once; anonymous bodies after
// parsing; outcomes (4xx bursts, rate limits, sign-ins, operator routes) once answered. What the blocker
// itself answered never counts again. A blocked address keeps its card pages and its signed-in members;
// points go to the account that asked, or to the address when nobody signed in, and never for what a
// browser fetched for another site.
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { PasswordSignIn } from '../../../contract/endpoint';
import type { ErrorResponse } from '../../../contract/errors';
import type { EventOutcome, SecurityEventType, Severity } from '../../../contract/security';
import { addressKey } from './address';
import { accountSubject, addressKeyOf, identify, isCrossSiteFetch, type Who } from './identity';
import { type Finding, inspectBody, inspectRequest, isCardPage, redact } from './inspect';
import type { Detected, EventContext, SecurityMonitor } from './monitor';
import { ruleFor } from './rules';
import { CountWithin, DistinctWithin } from './sliding-counts';
import type { StoredEvent } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    security: SecurityMonitor;
  }
  interface FastifyRequest {
    /** Set when the security hooks answered the request themselves (a block or a probe). */
    securityAnswer?: 'blocked' | 'probe';
    securityStartedAt?: bigint;
    /** A link unfurler on a card page: recorded, never counted towards a block. */
    isUnfurler?: boolean;
    /** The events recorded for this request, given its outcome once it is answered. */
    securityEvents?: StoredEvent[];
  }
}

export const BLOCKED_MESSAGE =
  'Access denied: too many suspicious requests came from your address. Try again later.';

export const SUSPENDED_MESSAGE =
  'Access denied: this account made too many suspicious requests. Try again later.';

/** Paths browsers and installed apps ask for on their own: their 404s say nothing about the client. */
const BROWSER_FETCHES =
  /^\/(assets\/|icons\/|favicon|apple-touch-icon|\.well-known\/|sw\.js|registerSW\.js|workbox-|manifest\.webmanifest|robots\.txt)/;
/**
 * A card's own page event (a tap, a save), a visitor's details shared back on it and the copy of it they
 * have e-mailed: part of the card, answered at a blocked address too (a venue's visitors, issues 23 and 26).
 */
const CARD_EVENT = /^\/api\/nfc\/[^/]+\/(events|share-details|email-me)\/?$/;
/** Findings about the user agent alone: a page on another site cannot choose those for the browser. */
const AGENT_FINDINGS = new Set(['SCANNER_DETECTED', 'SUSPICIOUS_USER_AGENT']);

const BURST_HIGH = { windowMs: 10_000, distinct: 10 };
const BURST_MEDIUM = { windowMs: 10 * 60_000, distinct: 20 };
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
const LOGIN_FAILURES_MEDIUM = 5;
const MALFORMED_WINDOW_MS = 10 * 60_000;
const MALFORMED_MEDIUM = 3;

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function contextOf(request: FastifyRequest, email?: string | null): EventContext {
  return {
    ipAddress: addressKeyOf(request),
    endpoint: `${request.method} ${redact(pathOf(request.url))}`,
    email: email ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

function isSignedIn(request: FastifyRequest): boolean {
  return request.who?.account !== undefined;
}

/** Read-only card pages (and their assets) and a card's own events: they open at a blocked address too. */
function isCardRequest(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  if (request.method === 'POST') return CARD_EVENT.test(path);
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (isCardPage(path) || BROWSER_FETCHES.test(path))
  );
}

function emailIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const { email } = body;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : null;
}

/**
 * What a module found while answering (a secure card's tap that failed a check), recorded as the
 * request's event. Never counted towards a block: the visitor may be an honest one holding a copied link.
 */
export function recordModuleFinding(request: FastifyRequest, detected: Detected): void {
  keepForOutcome(
    request,
    request.server.security.record(detected, contextOf(request), { mayBlock: false, awaitsOutcome: true }),
  );
}

function keepForOutcome(request: FastifyRequest, event: StoredEvent | undefined): void {
  if (event === undefined) return;
  request.securityEvents ??= [];
  request.securityEvents.push(event);
}

/** What the answer meant for the log's outcome filter (contract/security.ts `EventOutcomeSchema`). */
function outcomeOf(request: FastifyRequest, status: number): EventOutcome {
  if (request.securityAnswer !== undefined) return 'blocked';
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'served';
}

/**
 * Whether the account is suspended (it attacked, wherever it asked from): refused by the API's token
 * check below, and by the doors that sign in otherwise (CardDAV's app passwords).
 */
export function isAccountSuspended(monitor: SecurityMonitor, userId: string): boolean {
  return monitor.isBlocked(accountSubject(userId));
}

export function registerSecurityHooks(app: FastifyInstance, monitor: SecurityMonitor): void {
  app.decorate('security', monitor);
  // Made with every request, so that setting them later does not reshape the request object each time.
  for (const name of [
    'who',
    'isUnfurler',
    'securityAnswer',
    'securityStartedAt',
    'securityEvents',
  ] as const) {
    app.decorateRequest(name, undefined);
  }
  const burstHigh = new DistinctWithin(BURST_HIGH.windowMs);
  const burstMedium = new DistinctWithin(BURST_MEDIUM.windowMs);
  const loginFailures = new CountWithin(LOGIN_FAILURE_WINDOW_MS);
  const malformed = new CountWithin(MALFORMED_WINDOW_MS);

  const { ipv6PrefixLength } = app.ctx.config;

  const record = (
    request: FastifyRequest,
    eventType: SecurityEventType,
    severity: Severity,
    matched: string | null,
    email?: string | null,
  ) => {
    const account = request.who?.account;
    // What a browser fetched for another site's page was not the client's choice (its agent still is).
    const isChosen = !isCrossSiteFetch(request) || AGENT_FINDINGS.has(eventType);
    // A member's or an admin's own token at the wrong door is a client mix-up the door refuses, not
    // an attack: it never suspends the account.
    const isWrongDoor = account !== undefined && eventType === 'UNAUTHORIZED_ACCESS';
    const event = monitor.record({ eventType, severity, matched }, contextOf(request, email), {
      mayBlock: request.isUnfurler !== true && isChosen && !isWrongDoor,
      subject: account ? accountSubject(account.userId) : undefined,
      awaitsOutcome: true,
    });
    keepForOutcome(request, event);
  };

  /**
   * A suspended account is refused wherever it asks from. A blocked address refuses only what nobody
   * signed in for, card pages aside: a valid token is judged by its account, not by its neighbours.
   */
  function isRefused({ account, addressKey: key }: Who, request: FastifyRequest): boolean {
    if (account) return isAccountSuspended(monitor, account.userId);
    return monitor.isBlocked(key) && !isCardRequest(request);
  }

  function answerBlocked(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    request.securityAnswer = 'blocked';
    request.securityStartedAt = process.hrtime.bigint();
    return refuse(request, reply);
  }

  // A callback hook, with no promise when the token is known (every poll of an open app). A request
  // it answers itself (a block, a probe) goes no further: `done` is not called.
  app.addHook('onRequest', (request, reply, done) => {
    const who = identify(request, ipv6PrefixLength);
    if (who instanceof Promise) who.then((found) => screen(request, reply, found, done)).catch(done);
    else screen(request, reply, who, done);
  });

  function screen(request: FastifyRequest, reply: FastifyReply, who: Who, done: () => void): void {
    request.who = who;
    if (isRefused(who, request)) {
      answerBlocked(request, reply);
      return;
    }
    if (!monitor.settings.enabled) {
      done();
      return;
    }
    const inspection = inspectRequest({
      method: request.method,
      url: request.url,
      userAgent: request.headers['user-agent'],
    });
    request.isUnfurler = inspection.isUnfurler;
    for (const finding of inspection.findings) recordFinding(request, finding);
    // The hostile request itself is refused whoever sends it: a scanner at once, a probe with a 404.
    const isScanner = inspection.findings.some(
      ({ eventType }) =>
        eventType === 'SCANNER_DETECTED' && monitor.modeOf(ruleFor('SCANNER_DETECTED')) === 'block',
    );
    if (isScanner || isRefused(who, request)) {
      answerBlocked(request, reply);
      return;
    }
    if (inspection.isProbe) {
      // Never the app's page with a 200 for /.env and friends: there is nothing here.
      request.securityAnswer = 'probe';
      reply
        .code(404)
        .send({ error: 'Not found', code: 'NOT_FOUND', requestId: request.id } satisfies ErrorResponse);
      return;
    }
    done();
  }

  /**
   * How often this address did it lately. Loopback, proxies and allowlisted ranges front many clients,
   * so their repeats are not one client's and never escalate.
   */
  function repeatsFrom(request: FastifyRequest, counts: CountWithin): number {
    const address = addressKeyOf(request);
    return monitor.isAllowlisted(address) ? 1 : counts.add(address, Date.now());
  }

  function recordFinding(request: FastifyRequest, finding: Finding): void {
    if (finding.eventType === 'MALFORMED_REQUEST') {
      recordMalformed(request, finding.matched);
      return;
    }
    record(request, finding.eventType, finding.severity, finding.matched);
  }

  function recordMalformed(request: FastifyRequest, matched: string): void {
    const repeats = repeatsFrom(request, malformed);
    record(request, 'MALFORMED_REQUEST', repeats >= MALFORMED_MEDIUM ? 'MEDIUM' : 'LOW', matched);
  }

  app.addHook('preValidation', (request, _reply, done) => {
    if (monitor.settings.enabled && request.body !== undefined && !isSignedIn(request)) {
      for (const finding of inspectBody(request.body))
        record(request, finding.eventType, finding.severity, finding.matched);
    }
    done();
  });

  app.addHook('onError', async (request, _reply, error) => {
    if (!monitor.settings.enabled || isSignedIn(request)) return;
    const code = (error as { code?: string }).code ?? '';
    if (error instanceof SyntaxError || code.startsWith('FST_ERR_CTP') || code === 'FST_ERR_BAD_URL') {
      recordMalformed(request, redact(`${code || error.name}: ${error.message}`));
    }
  });

  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    try {
      recordAnswer(request, reply);
    } finally {
      const events = request.securityEvents;
      if (events) monitor.conclude(events, reply.statusCode, outcomeOf(request, reply.statusCode));
    }
    done();
  });

  /** What the answer itself says: a 429, a sign-in, an operator's call, a missing path. */
  function recordAnswer(request: FastifyRequest, reply: FastifyReply): void {
    if (request.securityAnswer === 'blocked') {
      const started = request.securityStartedAt;
      if (started !== undefined) monitor.recordBlockTime(Number(process.hrtime.bigint() - started) / 1e6);
      return;
    }
    if (!monitor.settings.enabled || request.securityAnswer === 'probe') return;
    const status = reply.statusCode;
    const path = pathOf(request.url);
    if (status === 429) record(request, 'RATE_LIMIT_EXCEEDED', 'MEDIUM', path);
    // What the route's endpoint declares (route.ts puts it on the config); a path with no route has
    // none, so it is a missing path wherever it is, /api/admin and /api/security included.
    const { auth, passwordSignIn } = request.routeOptions.config;
    if (passwordSignIn) {
      recordLogin(request, passwordSignIn, status);
      return;
    }
    if (auth === 'admin' || auth === 'security') {
      recordOperatorCall(request, status, path);
      return;
    }
    if (status >= 400 && status < 500 && status !== 429 && !isSignedIn(request))
      recordMissing(request, status, path);
  }

  function recordLogin(request: FastifyRequest, whose: PasswordSignIn, status: number): void {
    const email = emailIn(request.body);
    const route = request.routeOptions.url ?? '';
    record(request, 'LOGIN_ATTEMPT', 'LOW', route, email);
    if (status === 200) {
      record(request, whose === 'member' ? 'LOGIN_SUCCESS' : 'ADMIN_LOGIN', 'LOW', route, email);
      if (whose === 'security') monitor.rememberOperatorAddress(addressKeyOf(request));
    } else if (status === 401 || status === 423) {
      const failures = repeatsFrom(request, loginFailures);
      record(request, 'LOGIN_FAILURE', failures >= LOGIN_FAILURES_MEDIUM ? 'MEDIUM' : 'LOW', route, email);
    }
  }

  function recordOperatorCall(request: FastifyRequest, status: number, path: string): void {
    // An operator's own token that ran out (a tab left open overnight) is no attack on the area.
    if ((status === 401 || status === 403) && request.who?.hasExpiredToken !== true) {
      record(request, 'UNAUTHORIZED_ACCESS', 'MEDIUM', path);
    } else if (status < 300 && request.method !== 'GET' && request.method !== 'HEAD') {
      record(request, 'ADMIN_ACTION', 'MEDIUM', path);
    }
  }

  function recordMissing(request: FastifyRequest, status: number, path: string): void {
    // An expired session's 401s are the app refreshing its token, not a client probing.
    if (status === 401 && request.who?.hasExpiredToken === true) return;
    // A shared card that no longer exists is still the product's link, not a probe.
    const address = addressKeyOf(request);
    if (BROWSER_FETCHES.test(path) || request.isUnfurler || monitor.isAllowlisted(address)) return;
    const now = Date.now();
    const agent = request.headers['user-agent'] ?? '';
    const isBot = agent !== '' && isbot(agent);
    if (burstHigh.add(address, path, now) > BURST_HIGH.distinct) {
      burstHigh.reset(address);
      record(
        request,
        'HIGH_RISK_BOT_BEHAVIOR',
        'HIGH',
        `${BURST_HIGH.distinct + 1} distinct missing paths in 10 s`,
      );
      if (isBot) record(request, 'MALICIOUS_BOT_DETECTED', 'HIGH', redact(agent));
    }
    if (burstMedium.add(address, path, now) > BURST_MEDIUM.distinct) {
      burstMedium.reset(address);
      record(
        request,
        'MEDIUM_RISK_BOT_BEHAVIOR',
        'MEDIUM',
        `${BURST_MEDIUM.distinct + 1} distinct missing paths in 10 min`,
      );
    }
  }
}

/**
 * Fastify's answer to a URL it cannot decode, which no hook sees: recorded as malformed, and answered
 * with a code of the contract's closed set.
 */
export function answerBadUrl(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const monitor = request.server.security;
  const address = addressKey(clientAddressOfBadUrl(request), request.server.ctx.config.ipv6PrefixLength);
  if (monitor.isBlocked(address)) {
    refuse(request, reply);
    return;
  }
  const event = monitor.record(
    { eventType: 'MALFORMED_REQUEST', severity: 'LOW', matched: redact(request.url) },
    { ...contextOf(request), ipAddress: address },
  );
  if (event) monitor.conclude([event], 400, 'refused');
  // Fastify answers this before any hook, so the one that echoes the request id does not run.
  reply
    .code(400)
    .header('X-Request-Id', request.id)
    .send({
      error: 'Bad request: the URL cannot be decoded',
      code: 'BAD_REQUEST',
      requestId: request.id,
    } satisfies ErrorResponse);
}

/**
 * Fastify builds the request of a URL it cannot decode without TRUST_PROXY, so its `ip` is the proxy's
 * (security-review-2 §2.13): the client is resolved here as every other request's is.
 */
function clientAddressOfBadUrl(request: FastifyRequest): string {
  const trustProxy = request.server.ctx.config.trustProxy;
  const trust =
    typeof trustProxy === 'boolean'
      ? () => trustProxy
      : typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : proxyAddr.compile(trustProxy);
  return proxyAddr(request.raw, trust);
}

function refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body: ErrorResponse =
    request.who?.account === undefined
      ? { error: BLOCKED_MESSAGE, code: 'ADDRESS_BLOCKED', requestId: request.id }
      : { error: SUSPENDED_MESSAGE, code: 'ACCOUNT_SUSPENDED', requestId: request.id };
  return reply.code(403).header('Cache-Control', 'no-store').send(body);
}
