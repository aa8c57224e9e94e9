// The request pipeline's security: a block is refused first, from memory, before any parsing; then
// each request is inspected once; anonymous bodies after parsing; outcomes (4xx bursts, rate limits,
// sign-ins, operator routes) once answered. What the blocker itself answered never counts again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { ErrorResponse } from '../../../contract/errors';
import type { SecurityEventType, Severity } from '../../../contract/security';
import { normalizeAddress } from './address';
import { type Finding, inspectBody, inspectRequest, redact } from './inspect';
import type { EventContext, SecurityMonitor } from './monitor';
import { CountWithin, DistinctWithin } from './sliding-counts';

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
  }
}

export const BLOCKED_MESSAGE =
  'Access denied: too many suspicious requests came from your address. Try again later.';

const LOGIN_ROUTES = new Set(['/api/auth/login', '/api/admin/login', '/api/security/login']);
const OPERATOR_AREA = /^\/api\/(admin|security)\//;

/** Paths browsers and installed apps ask for on their own: their 404s say nothing about the client. */
const BROWSER_FETCHES =
  /^\/(assets\/|icons\/|favicon|apple-touch-icon|\.well-known\/|sw\.js|registerSW\.js|workbox-|manifest\.webmanifest|robots\.txt)/;

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
    ipAddress: normalizeAddress(request.ip),
    endpoint: `${request.method} ${redact(pathOf(request.url))}`,
    email: email ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

function isSignedIn(request: FastifyRequest): boolean {
  return request.member !== undefined || request.operatorId !== undefined;
}

/** The operator's own way in: a security-area call with a bearer token is never refused by a block. */
function isOperatorCall(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/security/') && /^Bearer\s/i.test(request.headers.authorization ?? '');
}

function emailIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const { email } = body;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : null;
}

export function registerSecurityHooks(app: FastifyInstance, monitor: SecurityMonitor): void {
  app.decorate('security', monitor);
  const burstHigh = new DistinctWithin(BURST_HIGH.windowMs);
  const burstMedium = new DistinctWithin(BURST_MEDIUM.windowMs);
  const loginFailures = new CountWithin(LOGIN_FAILURE_WINDOW_MS);
  const malformed = new CountWithin(MALFORMED_WINDOW_MS);

  const record = (
    request: FastifyRequest,
    eventType: SecurityEventType,
    severity: Severity,
    matched: string | null,
    email?: string | null,
  ) =>
    monitor.record({ eventType, severity, matched }, contextOf(request, email), {
      mayBlock: request.isUnfurler !== true,
    });

  app.addHook('onRequest', (request, reply, done) => {
    const address = normalizeAddress(request.ip);
    if (monitor.isBlocked(address) && !isOperatorCall(request)) {
      request.securityAnswer = 'blocked';
      request.securityStartedAt = process.hrtime.bigint();
      refuse(request, reply);
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
    if (monitor.isBlocked(address) && !isOperatorCall(request)) {
      // A block-at-once rule (a scanner) fired on this very request.
      request.securityAnswer = 'blocked';
      request.securityStartedAt = process.hrtime.bigint();
      refuse(request, reply);
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
  });

  /**
   * How often this address did it lately. Loopback, proxies and allowlisted ranges front many clients,
   * so their repeats are not one client's and never escalate.
   */
  function repeatsFrom(request: FastifyRequest, counts: CountWithin): number {
    const address = normalizeAddress(request.ip);
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

  app.addHook('preValidation', async (request) => {
    if (!monitor.settings.enabled || request.body === undefined || isSignedIn(request)) return;
    for (const finding of inspectBody(request.body))
      record(request, finding.eventType, finding.severity, finding.matched);
  });

  app.addHook('onError', async (request, _reply, error) => {
    if (!monitor.settings.enabled || isSignedIn(request)) return;
    const code = (error as { code?: string }).code ?? '';
    if (error instanceof SyntaxError || code.startsWith('FST_ERR_CTP') || code === 'FST_ERR_BAD_URL') {
      recordMalformed(request, redact(`${code || error.name}: ${error.message}`));
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.securityAnswer === 'blocked') {
      const started = request.securityStartedAt;
      if (started !== undefined) monitor.recordBlockTime(Number(process.hrtime.bigint() - started) / 1e6);
      return;
    }
    if (!monitor.settings.enabled || request.securityAnswer === 'probe') return;
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? '';
    const path = pathOf(request.url);
    if (status === 429) record(request, 'RATE_LIMIT_EXCEEDED', 'MEDIUM', path);
    if (request.method === 'POST' && LOGIN_ROUTES.has(route)) {
      recordLogin(request, route, status);
      return;
    }
    if (OPERATOR_AREA.test(path)) {
      recordOperatorCall(request, status, path);
      return;
    }
    if (status >= 400 && status < 500 && status !== 429 && !isSignedIn(request))
      recordMissing(request, status, path);
  });

  function recordLogin(request: FastifyRequest, route: string, status: number): void {
    const email = emailIn(request.body);
    record(request, 'LOGIN_ATTEMPT', 'LOW', route, email);
    const isOperator = route !== '/api/auth/login';
    if (status === 200) {
      record(request, isOperator ? 'ADMIN_LOGIN' : 'LOGIN_SUCCESS', 'LOW', route, email);
      if (route === '/api/security/login') monitor.rememberOperatorAddress(normalizeAddress(request.ip));
    } else if (status === 401 || status === 423) {
      const failures = repeatsFrom(request, loginFailures);
      record(request, 'LOGIN_FAILURE', failures >= LOGIN_FAILURES_MEDIUM ? 'MEDIUM' : 'LOW', route, email);
    }
  }

  function recordOperatorCall(request: FastifyRequest, status: number, path: string): void {
    if (status === 401 || status === 403) {
      record(request, 'UNAUTHORIZED_ACCESS', 'MEDIUM', path);
    } else if (status < 300 && request.method !== 'GET' && request.method !== 'HEAD') {
      record(request, 'ADMIN_ACTION', 'MEDIUM', path);
    }
  }

  function recordMissing(request: FastifyRequest, status: number, path: string): void {
    // An expired session's 401s are the app refreshing its token, not a client probing.
    if (status === 401 && /^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    // A shared card that no longer exists is still the product's link, not a probe.
    const address = normalizeAddress(request.ip);
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
  if (monitor.isBlocked(normalizeAddress(request.ip))) {
    refuse(request, reply);
    return;
  }
  monitor.record(
    { eventType: 'MALFORMED_REQUEST', severity: 'LOW', matched: redact(request.url) },
    contextOf(request),
  );
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

function refuse(request: FastifyRequest, reply: FastifyReply): void {
  reply
    .code(403)
    .header('Cache-Control', 'no-store')
    .send({ error: BLOCKED_MESSAGE, code: 'ADDRESS_BLOCKED', requestId: request.id } satisfies ErrorResponse);
}
