// SQL of the map: a member's saved contacts that carry the place where people met.
import type { Kysely } from 'kysely';
import type { MapContact } from '../../../contract/contacts';
import type { Database } from '../../platform/db/schema';

/** Oldest first, so where markers overlap the newest is drawn on top. */
export async function listLocatedContacts(db: Kysely<Database>, ownerId: string): Promise<MapContact[]> {
  const rows = await db
    .selectFrom('contacts')
    .select(['id', 'lat', 'lng', 'name', 'connected_at', 'where_met', 'event'])
    .where('owner_id', '=', ownerId)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .$narrowType<{ lat: number; lng: number }>()
    .orderBy('connected_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    lat: row.lat,
    lng: row.lng,
    name: row.name,
    dateAdded: row.connected_at.toISOString(),
    whereMet: row.where_met,
    event: row.event,
  }));
}
