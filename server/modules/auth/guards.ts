// Who is calling: member endpoints accept only member access tokens, operator endpoints only their role's.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import type { AccessClaims, OperatorRole } from './tokens';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export async function requireMember(request: FastifyRequest): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Authentication required');
  const claims = await request.server.ctx.tokens.verifyAccessToken(token);
  if (claims?.role !== 'user') throw new HttpError(401, 'Invalid or expired token');
  return claims;
}

export async function requireOperator(request: FastifyRequest, role: OperatorRole): Promise<string> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, 'Authentication required');
  const operatorId = await request.server.ctx.tokens.verifyOperatorToken(token, role);
  if (!operatorId) throw new HttpError(401, 'Invalid or expired token');
  return operatorId;
}
