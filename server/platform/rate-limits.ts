// Request limits of a route, counted for who is asking (server/security/identity.ts): a signed-in
// account by itself, wherever it asks from (a member at a busy show behind the venue's one address
// counts only their own requests); anonymous traffic by its address key (an IPv6 /64), sized for a
// venue of several hundred people; the card's public routes also per card and address. Counted where
// every process sees the counts (rate-limit-counters.ts). RATE_LIMIT_SCALE multiplies every limit at
// once (the e2e suite registers many people from one address). Figures: docs/security-model.md.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ErrorResponse } from '../../contract/errors';
import { HttpError } from './errors';
import { type RequestCounters, WINDOW_MS } from './rate-limit-counters';
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
}

/** A route's limit; one figure is both the per-address and the per-account budget. */
export function perMinute(limit: number | RouteLimit): { limit: RouteLimit } {
  return { limit: typeof limit === 'number' ? { perAddress: limit, perAccount: limit } : limit };
}

function retryMessage(seconds: number): string {
  return `Rate limit exceeded: too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Counts every request of a limited route once its caller is known (after the area's token check). */
export function registerRateLimits(app: FastifyInstance, counters: RequestCounters): void {
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
      const endsAt = Math.max(...spent.map(({ windowStart }) => windowStart + WINDOW_MS));
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

/**
 * At most `max` requests about one e-mail address per window, whatever address they come from, so
 * spreading requests over many client addresses does not multiply them (mail to one inbox, for one).
 * Kept in memory: each process counts its own.
 */
export class PerEmailLimit {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMinutes: number,
  ) {}

  /** Counts one request for `email`; refuses it with RATE_LIMITED once the window's budget is spent. */
  take(email: string, scale: number, now = Date.now()): void {
    const key = email.trim().toLowerCase();
    this.forgetEnded(now);
    const window = this.windows.get(key) ?? { count: 0, endsAt: now + this.windowMinutes * MINUTE_MS };
    window.count += 1;
    this.windows.set(key, window);
    this.refuseWhenSpent(key, scale, now);
  }

  /** Refuses with RATE_LIMITED when `email`'s budget is already spent, without counting a request. */
  check(email: string, scale: number, now = Date.now()): void {
    this.forgetEnded(now);
    this.refuseWhenSpent(email.trim().toLowerCase(), scale, now);
  }

  private refuseWhenSpent(key: string, scale: number, now: number): void {
    const window = this.windows.get(key);
    if (window && window.count > Math.ceil(this.max * scale)) {
      const minutes = Math.max(1, Math.ceil((window.endsAt - now) / MINUTE_MS));
      throw new HttpError(
        'RATE_LIMITED',
        `Too many requests for this email address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
