// Who is asking, decided once per request before anything else (DESIGN.md §4 "Who is asking"): a
// valid member or operator token speaks for its account, wherever it comes from; without one, the
// client address does, an IPv6 client by its network (IPV6_PREFIX_LENGTH, a /64 by default). Limits,
// scores and blocks all count the same `who`, so a venue's hundreds of members behind one address are
// each themselves, and only anonymous traffic shares the address.
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../tokens';
import { addressKey } from './address';

export interface Who {
  /** What the address limits, scores and blocks count: an IPv4 address, or an IPv6 network. */
  addressKey: string;
  /** The account of a valid (signed and current) token. */
  account: Caller | undefined;
  /** A token we signed whose time ran out: its 401 is the app about to refresh, not a probe. */
  hasExpiredToken: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first security hook on every request that reaches a route. */
    who?: Who;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The subject an account's own points, limits and suspension are kept under. */
export function accountSubject(userId: string): string {
  return `account:${userId}`;
}

/**
 * The request's address key: what `identify` found, or (where no hook ran: Fastify's own refusals)
 * the same rule applied here.
 */
export function addressKeyOf(request: FastifyRequest): string {
  return request.who?.addressKey ?? addressKey(request.ip, request.server.ctx.config.ipv6PrefixLength);
}

/** A promise only when the token must be verified: a token verified before is known in memory. */
export function identify(request: FastifyRequest, ipv6PrefixLength: number): Who | Promise<Who> {
  const key = addressKey(request.ip, ipv6PrefixLength);
  const authorization = request.headers.authorization;
  if (authorization === undefined) return whoOf(key, null);
  const { tokens } = request.server.ctx;
  // What an app sends, "Bearer <token>", looked up as it is: only a verified token is known.
  const known = authorization.startsWith('Bearer ') ? tokens.knownCaller(authorization.slice(7)) : undefined;
  if (known) return whoOf(key, known);
  const token = authorization.match(BEARER)?.[1];
  return token ? tokens.verifyCaller(token).then((caller) => whoOf(key, caller)) : whoOf(key, null);
}

function whoOf(key: string, caller: Caller | null): Who {
  return {
    addressKey: key,
    account: caller && !caller.isExpired ? caller : undefined,
    hasExpiredToken: caller?.isExpired === true,
  };
}

/**
 * A request a browser made for another site's page (an `<img>`, a script, a no-cors fetch): the client
 * did not choose it, so whatever it asks for earns its address no points (security review §2.3).
 */
export function isCrossSiteFetch(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const destination = request.headers['sec-fetch-dest'];
  if (request.headers['sec-fetch-mode'] === 'no-cors' || site === 'cross-site') return true;
  return (
    site === 'same-site' && (destination === 'image' || destination === 'script' || destination === 'style')
  );
}
