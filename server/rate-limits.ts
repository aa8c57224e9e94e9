// Per-client-address request limits of a route. RATE_LIMIT_SCALE multiplies every limit at once
// (the e2e suite registers many people from one address).
import type { FastifyRequest } from 'fastify';

export function perMinute(max: number) {
  return {
    rateLimit: {
      max: (request: FastifyRequest) => Math.ceil(max * request.server.ctx.config.rateLimitScale),
      timeWindow: '1 minute',
    },
  };
}
