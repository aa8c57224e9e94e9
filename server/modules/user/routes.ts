// /api/user/*: the signed-in member's account, business card, card link, settings and deletion (the
// contacts export under /api/user/export is registered by contacts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_DELETED_MESSAGE,
  CancelEmailChangeEndpoint,
  ChangeCardLinkEndpoint,
  ConfirmEmailChangeEndpoint,
  DeleteAccountEndpoints,
  GetAccountEndpoint,
  GetNotificationSettingsEndpoint,
  SaveNotificationSettingsEndpoint,
  StartEmailChangeEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
} from '../../../contract/user';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { changeCardHandle } from '../cards';
import { cancelEmailChange, confirmEmailChange, startEmailChange } from './email-change';
import {
  deleteAccount,
  getAccount,
  getNotificationSettings,
  saveBusinessCard,
  saveNotificationSettings,
  updateProfile,
} from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, GetAccountEndpoint, async (request) => getAccount(app.ctx.db, memberOf(request).userId));

  route(app, UpdateBusinessCardEndpoint, async (request) =>
    saveBusinessCard(app.ctx.db, memberOf(request).userId, request.body),
  );

  // Limited like the sign-in: it answers whether an address or a Card ID is taken.
  route(
    app,
    UpdateProfileEndpoint,
    async (request) => updateProfile(app.ctx.db, memberOf(request).userId, request.body),
    { config: perMinute(30) },
  );

  // Limited like the profile: it answers whether a handle is taken.
  route(
    app,
    ChangeCardLinkEndpoint,
    async (request) => {
      const { userId } = memberOf(request);
      await changeCardHandle(app.ctx.db, userId, request.body.handle);
      return getAccount(app.ctx.db, userId);
    },
    { config: perMinute(30) },
  );

  route(
    app,
    StartEmailChangeEndpoint,
    async (request) => startEmailChange(app.ctx, memberOf(request).userId, request.body),
    { config: perMinute(10) },
  );

  route(
    app,
    ConfirmEmailChangeEndpoint,
    async (request) => {
      const { userId } = memberOf(request);
      await confirmEmailChange(app.ctx, userId, request.body.code);
      return getAccount(app.ctx.db, userId);
    },
    { config: perMinute(30) },
  );

  route(app, CancelEmailChangeEndpoint, async (request) => {
    const { userId } = memberOf(request);
    await cancelEmailChange(app.ctx, userId);
    return getAccount(app.ctx.db, userId);
  });

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
};
