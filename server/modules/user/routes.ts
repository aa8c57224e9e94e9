// /api/user/*: the signed-in member's account, business card, card link, settings and deletion (the
// contacts export under /api/user/export is registered by contacts).
import type { FastifyReply } from 'fastify';
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
import { type VersionedWrite, withVersion, writeIfMatch } from '../../platform/versions';
import { changeCardHandle } from '../cards';
import { cancelEmailChange, confirmEmailChange, startEmailChange } from './email-change';
import { proveMember } from './password-proof';
import { cardPhotoRoutes } from './photo-routes';
import {
  deleteAccount,
  getAccount,
  getNotificationSettings,
  saveBusinessCard,
  saveNotificationSettings,
  updateProfile,
} from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A conditional write of one of the member's resources: `read` is what the matching GET answers. */
  function writeVersioned<T>(
    request: { headers: { 'if-match'?: string } } & Parameters<typeof memberOf>[0],
    reply: FastifyReply,
    write: VersionedWrite<T>,
  ): Promise<T> {
    const ifMatch = request.headers['if-match'];
    return writeIfMatch(app.ctx.db, reply, { userId: memberOf(request).userId, ifMatch }, write);
  }

  await app.register(cardPhotoRoutes);

  route(app, GetAccountEndpoint, async (request, reply) =>
    withVersion(reply, await getAccount(app.ctx.db, memberOf(request).userId)),
  );

  route(app, UpdateBusinessCardEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return writeVersioned(request, reply, {
      read: (trx) => getAccount(trx, userId),
      write: (trx) => saveBusinessCard(trx, userId, request.body),
    });
  });

  // Limited like the sign-in: it answers whether an address or a Card ID is taken.
  route(
    app,
    UpdateProfileEndpoint,
    async (request, reply) => {
      const { userId } = memberOf(request);
      return writeVersioned(request, reply, {
        read: (trx) => getAccount(trx, userId),
        write: (trx) => updateProfile(trx, userId, request.body),
      });
    },
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

  route(app, GetNotificationSettingsEndpoint, async (request, reply) =>
    withVersion(reply, await getNotificationSettings(app.ctx.db, memberOf(request).userId)),
  );

  route(app, SaveNotificationSettingsEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return writeVersioned(request, reply, {
      read: (trx) => getNotificationSettings(trx, userId),
      write: (trx) => saveNotificationSettings(trx, userId, request.body),
    });
  });

  for (const endpoint of Object.values(DeleteAccountEndpoints)) {
    route(
      app,
      endpoint,
      async (request) => {
        const { userId } = memberOf(request);
        await proveMember(app.ctx, userId, request.body.password);
        await deleteAccount(app.ctx.db, userId);
        return { message: ACCOUNT_DELETED_MESSAGE };
      },
      { config: perMinute(10) },
    );
  }
};
