// Request limits of a route, counted for who is asking (server/security/identity.ts): a signed-in
// account by itself, wherever it asks from (a member at a busy show behind the venue's one address
// counts only their own requests); anonymous traffic by its address key (an IPv6 /64), sized for a
// venue of several hundred people; the card's public routes also per card and address. Counted where
// every process sees the counts (rate-limit-counters.ts). RATE_LIMIT_SCALE multiplies every limit at
// once (the e2e suite registers many people from one address). Figures: docs/security-model.md.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ErrorResponse } from '../../contract/errors';
import { HttpError } from './errors';
import type { Count, RequestCounters } from './rate-limit-counters';
import { addressFingerprint } from './security/address';
import { MINUTE_MS } from './time';

export interface RouteLimit {
  /** Requests a minute from one address key with nobody signed in. */
  perAddress: number;
  /** Requests a minute from one signed-in account (member or operator), from anywhere. */
  perAccount: number;
  /** Anonymous requests a minute about one card (`:nfcUID`) from one address key. */
  perCardAndAddress?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: RouteLimit;
  }
  interface FastifyInstance {
    /** The counters every limit counts in (rate-limit-counters.ts). */
    requestCounters: RequestCounters;
  }
}

/** A route's limit; one figure is both the per-address and the per-account budget. */
export function perMinute(limit: number | RouteLimit): { limit: RouteLimit } {
  return { limit: typeof limit === 'number' ? { perAddress: limit, perAccount: limit } : limit };
}

function retryMessage(seconds: number): string {
  return `Rate limit exceeded: too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * Counts every request of a limited route once its caller is known (after the area's token check), and
 * gives the per-inbox limits (PerEmailLimit) the same counters.
 */
export function registerRateLimits(app: FastifyInstance, counters: RequestCounters): void {
  app.decorate('requestCounters', counters);
  app.addHook('onRoute', (routeOptions) => {
    const limit = routeOptions.config?.limit;
    if (!limit) return;
    const routeId = `${[routeOptions.method].flat().join(',')} ${routeOptions.url}`;
    const check: onRequestAsyncHookHandler = async (request, reply) => {
      const budgets = budgetsOf(request, routeId, limit, request.server.ctx.config.rateLimitScale);
      const now = Date.now();
      const counts = await counters.hit(
        budgets.map(({ key }) => key),
        now,
      );
      const spent = counts.filter((count, index) => count.hits > (budgets[index]?.max ?? 0));
      if (spent.length === 0) return;
      const endsAt = Math.max(...spent.map((count) => count.endsAt));
      refuse(request, reply, Math.max(1, Math.ceil((endsAt - now) / 1000)));
      return reply;
    };
    routeOptions.onRequest = [...[routeOptions.onRequest ?? []].flat(), check];
  });
}

function budgetsOf(request: FastifyRequest, routeId: string, limit: RouteLimit, scale: number) {
  const who = request.who;
  if (who?.account) {
    return [{ key: `${routeId}|account:${who.account.userId}`, max: Math.ceil(limit.perAccount * scale) }];
  }
  // Counted under the address's fingerprint: the shared counters keep no client address.
  const address = addressFingerprint(who?.addressKey ?? request.ip, request.server.ctx.codeKey);
  const budgets = [{ key: `${routeId}|${address}`, max: Math.ceil(limit.perAddress * scale) }];
  const card = (request.params as { nfcUID?: unknown } | undefined)?.nfcUID;
  if (limit.perCardAndAddress !== undefined && typeof card === 'string') {
    budgets.push({
      key: `${routeId}|${address}|card:${card}`,
      max: Math.ceil(limit.perCardAndAddress * scale),
    });
  }
  return budgets;
}

function refuse(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number): void {
  reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send({
      error: retryMessage(retryAfterSeconds),
      code: 'RATE_LIMITED',
      requestId: request.id,
    } satisfies ErrorResponse);
}

/** How a per-inbox limit reads: its name in the counters, and its budget per window. */
export interface PerEmailBudget {
  name: string;
  max: number;
  windowMinutes: number;
}

/**
 * At most `max` requests about one e-mail address per window, whatever address they come from, so
 * spreading requests over many client addresses does not multiply them (mail to one inbox, for one).
 * Counted in the shared counters like the routes' limits, so two processes allow what one does; the
 * counters keep the address's keyed hash, never the address.
 */
export class PerEmailLimit {
  private readonly counters: RequestCounters;
  private readonly secret: string;

  constructor(
    app: FastifyInstance,
    private readonly budget: PerEmailBudget,
  ) {
    this.counters = app.requestCounters;
    this.secret = app.ctx.codeKey;
  }

  /** Counts one request for `email`; refuses it with RATE_LIMITED once the window's budget is spent. */
  async take(email: string, scale: number, now = Date.now()): Promise<void> {
    const [count] = await this.counters.hit([this.keyOf(email)], now, this.budget.windowMinutes * MINUTE_MS);
    this.refuseWhenSpent(count ?? null, scale, now);
  }

  /** Refuses with RATE_LIMITED when `email`'s budget is already spent, without counting a request. */
  async check(email: string, scale: number, now = Date.now()): Promise<void> {
    this.refuseWhenSpent(await this.counters.peek(this.keyOf(email), now), scale, now);
  }

  private keyOf(email: string): string {
    const inbox = createHmac('sha256', this.secret).update(`inbox:${email.trim().toLowerCase()}`);
    return `${this.budget.name}|inbox:${inbox.digest('hex')}`;
  }

  private refuseWhenSpent(count: Count | null, scale: number, now: number): void {
    if (count && count.hits > Math.ceil(this.budget.max * scale)) {
      const minutes = Math.max(1, Math.ceil((count.endsAt - now) / MINUTE_MS));
      throw new HttpError(
        'RATE_LIMITED',
        `Too many requests for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}
