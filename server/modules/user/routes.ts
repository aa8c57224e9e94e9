// /api/user/*: the signed-in member's account, business card, card link, settings, export and deletion.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  ContactExportEndpoints,
  ContactExportFormatSchema,
  DeleteAccountEndpoints,
  GetAccountEndpoint,
  GetNotificationSettingsEndpoint,
  SaveNotificationSettingsEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
} from '../../../contract/user';
import { perMinute } from '../../rate-limits';
import { route } from '../../route';
import { authenticateMember, memberOf } from '../auth/guards';
import {
  deleteAccount,
  exportContacts,
  getAccount,
  getNotificationSettings,
  saveBusinessCard,
  saveNotificationSettings,
  updateProfile,
} from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateMember);

  route(app, GetAccountEndpoint, async (request) => getAccount(app.ctx.db, memberOf(request).userId));

  route(app, UpdateBusinessCardEndpoint, async (request) =>
    saveBusinessCard(app.ctx.db, memberOf(request).userId, request.body),
  );

  route(app, UpdateProfileEndpoint, async (request) =>
    updateProfile(app.ctx.db, memberOf(request).userId, request.body),
  );

  route(app, GetNotificationSettingsEndpoint, async (request) =>
    getNotificationSettings(app.ctx.db, memberOf(request).userId),
  );

  route(app, SaveNotificationSettingsEndpoint, async (request) =>
    saveNotificationSettings(app.ctx.db, memberOf(request).userId, request.body),
  );

  for (const endpoint of Object.values(DeleteAccountEndpoints)) {
    route(
      app,
      endpoint,
      async (request) => {
        await deleteAccount(app.ctx.db, memberOf(request).userId);
        return { message: ACCOUNT_DELETED_MESSAGE };
      },
      { config: perMinute(10) },
    );
  }

  for (const format of ContactExportFormatSchema.options) {
    route(
      app,
      ContactExportEndpoints[format],
      async (request, reply) => {
        const file = await exportContacts(app.ctx.db, memberOf(request).userId, format);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
      { config: perMinute(30) },
    );
  }
};
