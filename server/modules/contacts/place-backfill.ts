// Contacts saved with a place before the place words existed (migration 012) get them once, at start.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { placeWords } from '../../platform/geo/place-words';

const BACKFILL_BATCH_SIZE = 200;

/**
 * Fills `where_met` for located contacts that have none, a batch at a time in id order, so a large
 * table neither sits in memory nor holds one long transaction. A place with no words (at sea) stays
 * null and is looked at again on the next start: rare, and cheap. Answers how many were filled.
 */
export async function backfillPlaceWords(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  let afterId: string | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('contacts')
      .select(['id', 'lat', 'lng'])
      .where('where_met', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .$if(afterId !== undefined, (query) => query.where('id', '>', afterId ?? ''))
      .$narrowType<{ lat: number; lng: number }>()
      .orderBy('id')
      .limit(BACKFILL_BATCH_SIZE)
      .execute();
    for (const row of rows) {
      const words = placeWords(row.lat, row.lng);
      if (!words) continue;
      await db
        .updateTable('contacts')
        .set({ where_met: words })
        .where('id', '=', row.id)
        .where('where_met', 'is', null)
        .execute();
      filled++;
    }
    const last = rows.at(-1);
    if (!last || rows.length < BACKFILL_BATCH_SIZE) return filled;
    afterId = last.id;
  }
}
