// Who is calling. Checked in onRequest, before the body is even parsed, so strangers learn nothing
// from validation errors: member areas accept only member access tokens, operator areas only their role's.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import type { AccessClaims, OperatorRole } from '../../tokens';

declare module 'fastify' {
  interface FastifyRequest {
    member?: AccessClaims;
    operatorId?: string;
  }
}

function bearerToken(request: FastifyRequest): string {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return match[1];
}

/** onRequest hook for member-only areas. */
export async function authenticateMember(request: FastifyRequest): Promise<void> {
  const claims = await request.server.ctx.tokens.verifyAccessToken(bearerToken(request));
  if (claims?.role !== 'user') throw new HttpError('TOKEN_INVALID', 'Invalid or expired token');
  request.member = claims;
}

/** onRequest hook for an operator area. */
export function authenticateOperator(role: OperatorRole) {
  return async (request: FastifyRequest): Promise<void> => {
    const operatorId = await request.server.ctx.tokens.verifyOperatorToken(bearerToken(request), role);
    if (!operatorId) throw new HttpError('TOKEN_INVALID', 'Invalid or expired token');
    request.operatorId = operatorId;
  };
}

/** The member a handler acts for; the area's onRequest hook has already checked the token. */
export function memberOf(request: FastifyRequest): AccessClaims {
  if (!request.member) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return request.member;
}

export function operatorOf(request: FastifyRequest): string {
  if (!request.operatorId) throw new HttpError('UNAUTHORIZED', 'Authentication required');
  return request.operatorId;
}
