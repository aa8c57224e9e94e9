// Request limits of a route, per client address (the one address Fastify resolves under TRUST_PROXY) and,
// where an address is the target, per e-mail address. RATE_LIMIT_SCALE multiplies every limit at once
// (the e2e suite registers many people from one address).
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { MINUTE_MS } from './time';

export function perMinute(max: number) {
  return {
    rateLimit: {
      max: (request: FastifyRequest) => Math.ceil(max * request.server.ctx.config.rateLimitScale),
      timeWindow: '1 minute',
    },
  };
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
    if (window.count > Math.ceil(this.max * scale)) {
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
