// /api/user/app-passwords: the member's app passwords for CardDAV (listed, created once, revoked).
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppPasswordMessages,
  CreateAppPasswordEndpoint,
  ListAppPasswordsEndpoint,
  RevokeAppPasswordEndpoint,
} from '../../../contract/app-passwords';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { createAppPassword, revokeAppPassword } from './app-passwords';
import { listAppPasswords } from './queries';

export const appPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  // An id that cannot be an app password is as unknown as another member's.
  app.setErrorHandler((error) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      throw new HttpError('APP_PASSWORD_NOT_FOUND', AppPasswordMessages.notFound);
    }
    throw error;
  });

  route(app, ListAppPasswordsEndpoint, async (request) =>
    listAppPasswords(app.ctx.db, memberOf(request).userId),
  );

  route(
    app,
    CreateAppPasswordEndpoint,
    async (request, reply) => {
      const created = await createAppPassword(app.ctx.db, memberOf(request).userId, request.body.name);
      return reply.code(201).header('Cache-Control', 'no-store').send(created);
    },
    // A member sets up a device now and then; a script minting passwords is refused early.
    { config: perMinute(30) },
  );

  route(app, RevokeAppPasswordEndpoint, async (request) => {
    await revokeAppPassword(app.ctx.db, memberOf(request).userId, request.params.id);
    return { message: AppPasswordMessages.revoked };
  });
};
