// The session list and its actions, registered once for members and once per operator role.
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { sessionListEndpoints } from '../../../contract/sessions';
import { HttpError } from '../../platform/errors';
import { route, type ZodApp } from '../../platform/route';
import type { AccessClaims } from '../../platform/tokens';
import { endOpenSessions, listOpenSessions, type SessionTable } from './open-sessions';

const SESSION_NOT_FOUND_MESSAGE = 'This session has already ended.';

/**
 * Registers the routes in `app`'s own scope, whose error handler it sets: an id that cannot be a
 * session is as unknown as another account's.
 */
export function sessionListRoutes(
  app: ZodApp,
  lists: readonly ReturnType<typeof sessionListEndpoints>[],
  table: SessionTable,
  claimsOf: (request: FastifyRequest) => AccessClaims,
): void {
  app.setErrorHandler((error) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      throw new HttpError('SESSION_NOT_FOUND', SESSION_NOT_FOUND_MESSAGE);
    }
    throw error;
  });
  for (const endpoints of lists) registerList(app, endpoints, table, claimsOf);
}

function registerList(
  app: ZodApp,
  endpoints: ReturnType<typeof sessionListEndpoints>,
  table: SessionTable,
  claimsOf: (request: FastifyRequest) => AccessClaims,
): void {
  const { ctx } = app;

  route(app, endpoints.list, async (request) => ({
    sessions: await listOpenSessions(ctx.db, table, claimsOf(request)),
  }));

  route(app, endpoints.end, async (request, reply) => {
    const { userId } = claimsOf(request);
    const ended = await endOpenSessions(ctx, table, userId, { sessionId: request.params.id });
    if (ended === 0) throw new HttpError('SESSION_NOT_FOUND', SESSION_NOT_FOUND_MESSAGE);
    return reply.code(204).send();
  });

  route(app, endpoints.endOthers, async (request) => {
    const { userId, sessionId } = claimsOf(request);
    return { ended: await endOpenSessions(ctx, table, userId, { except: sessionId }) };
  });
}
