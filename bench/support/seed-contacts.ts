// A member's contacts written straight into the database, as a bench needs thousands of them: Person 00001
// is the newest. Each names the place where people met, as a save does: a contact without it is named
// after the app starts listening, which would move the list's tag under the measurements.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema';

export async function seedContacts(db: Kysely<Database>, ownerId: string, count: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => ({
    owner_id: ownerId,
    name: `Person ${String(index + 1).padStart(5, '0')}`,
    company: `Company ${index % 97}`,
    role: 'Engineer',
    email: `person${index + 1}@example.test`,
    notes: 'Met at the conference; follow up about the pilot.',
    lat: 51.5 + (index % 100) / 1000,
    lng: -0.1 + (index % 100) / 1000,
    where_met: 'London, United Kingdom',
    connected_at: new Date(now - index * 60_000),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('contacts')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
