// /api/user/card/photo: the photo or logo on the member's card. Its own plugin, so that its body parser
// (an image's bytes, up to 5 MB) reaches no other route: every other call stays JSON of at most 100 KiB.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CARD_PHOTO, CARD_PHOTO_MESSAGES } from '../../../contract/card-extras';
import { DeleteCardPhotoEndpoint, UploadCardPhotoEndpoint } from '../../../contract/user';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { preparePhoto, replaceCardPhoto } from '../cards';
import { getAccount } from './service';

const tooLarge = () => new HttpError('PAYLOAD_TOO_LARGE', CARD_PHOTO_MESSAGES.tooLarge);

/**
 * Any image type a phone may name (image/heic too) and unnamed bytes are read: what the image is, is
 * decided by its content, so a type the server cannot take gets the photo's own message.
 */
function readImageBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
) {
  if (Number(request.headers['content-length'] ?? 0) > CARD_PHOTO.maxBytes) {
    done(tooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let isDone = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (isDone) return;
    isDone = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > CARD_PHOTO.maxBytes) finish(tooLarge());
    else chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (error: Error) => finish(error));
}

export const cardPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(/^image\//, readImageBody);
  app.addContentTypeParser('application/octet-stream', readImageBody);

  // Each upload is decoded and resized twice: a handful a minute is all a member needs.
  route(
    app,
    UploadCardPhotoEndpoint,
    async (request) => {
      const { userId } = memberOf(request);
      const photo = Buffer.isBuffer(request.body) ? await preparePhoto(request.body) : null;
      if (!photo) throw new HttpError('PHOTO_NOT_AN_IMAGE', CARD_PHOTO_MESSAGES.notAnImage);
      await replaceCardPhoto(app.ctx.db, userId, photo);
      return getAccount(app.ctx.db, userId);
    },
    { config: perMinute(10) },
  );

  route(app, DeleteCardPhotoEndpoint, async (request) => {
    const { userId } = memberOf(request);
    await replaceCardPhoto(app.ctx.db, userId, null);
    return getAccount(app.ctx.db, userId);
  });
};
