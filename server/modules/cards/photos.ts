// A member's card photo: stored with a new random id each time (its URL is cached for good), the old
// one removed in the same transaction, and read back by that id.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { PreparedPhoto } from './photo-image';

export async function replaceCardPhoto(db: Kysely<Database>, userId: string, photo: PreparedPhoto | null) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('card_photos').where('user_id', '=', userId).execute();
    const photoId = photo ? randomBytes(16).toString('base64url') : null;
    if (photo && photoId) {
      await trx
        .insertInto('card_photos')
        .values({ photo_id: photoId, user_id: userId, ...photo })
        .execute();
    }
    await trx
      .updateTable('business_cards')
      .set({ photo_id: photoId, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  });
}

/** PGlite answers bytea as a plain Uint8Array, node-postgres as a Buffer: the callers get a Buffer. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function findCardPhoto(db: Kysely<Database>, photoId: string) {
  const row = await db
    .selectFrom('card_photos')
    .select(['image', 'thumbnail'])
    .where('photo_id', '=', photoId)
    .executeTakeFirst();
  return row && { image: asBuffer(row.image), thumbnail: asBuffer(row.thumbnail) };
}

/** Photos at full size by id, for address books' PHOTO; an id with no photo is left out. */
export async function findCardPhotoImages(
  db: Kysely<Database>,
  photoIds: readonly string[],
): Promise<Map<string, Buffer>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('card_photos')
    .select(['photo_id', 'image'])
    .where('photo_id', 'in', photoIds)
    .execute();
  return new Map(rows.map((row) => [row.photo_id, asBuffer(row.image)]));
}

/** The card's current photo at full size, for a vCard's PHOTO; undefined without one. */
export async function findPhotoOfMember(db: Kysely<Database>, userId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('business_cards')
    .innerJoin('card_photos', 'card_photos.photo_id', 'business_cards.photo_id')
    .select('card_photos.image')
    .where('business_cards.user_id', '=', userId)
    .executeTakeFirst();
  return row && asBuffer(row.image);
}
