// /api/user/*: the signed-in member's account, business card, card link, settings, export and deletion.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessCardSchema, UpdateProfileRequestSchema } from '../../../contract/card';
import { MessageResponseSchema } from '../../../contract/errors';
import {
  ACCOUNT_DELETED_MESSAGE,
  AccountSchema,
  type ContactExportFormat,
  ContactExportFormatSchema,
  NotificationSettingsSchema,
} from '../../../contract/user';
import { perMinute } from '../../rate-limits';
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

  app.get('/account', { schema: { response: { 200: AccountSchema } } }, async (request) => {
    const { userId } = memberOf(request);
    return getAccount(app.ctx.db, userId);
  });

  app.post(
    '/updateBusinessCard',
    { schema: { body: BusinessCardSchema, response: { 200: AccountSchema } } },
    async (request) => {
      const { userId } = memberOf(request);
      return saveBusinessCard(app.ctx.db, userId, request.body);
    },
  );

  app.post(
    '/updateProfile',
    { schema: { body: UpdateProfileRequestSchema, response: { 200: AccountSchema } } },
    async (request) => {
      const { userId } = memberOf(request);
      return updateProfile(app.ctx.db, userId, request.body);
    },
  );

  app.get(
    '/notification-settings',
    { schema: { response: { 200: NotificationSettingsSchema } } },
    async (request) => getNotificationSettings(app.ctx.db, memberOf(request).userId),
  );

  app.post(
    '/notification-settings',
    { schema: { body: NotificationSettingsSchema, response: { 200: NotificationSettingsSchema } } },
    async (request) => saveNotificationSettings(app.ctx.db, memberOf(request).userId, request.body),
  );

  // Spec §7 names one call per screen (account management, the delete-account page); both do the same.
  for (const path of ['/delete-account', '/delete']) {
    app.delete(
      path,
      { schema: { response: { 200: MessageResponseSchema } }, config: perMinute(10) },
      async (request) => {
        await deleteAccount(app.ctx.db, memberOf(request).userId);
        return { message: ACCOUNT_DELETED_MESSAGE };
      },
    );
  }

  for (const format of ContactExportFormatSchema.options) {
    app.get(`/export/contacts.${format}`, { config: perMinute(30) }, async (request, reply) => {
      const file = await exportContacts(
        app.ctx.db,
        memberOf(request).userId,
        format satisfies ContactExportFormat,
      );
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    });
  }
};
