// SQL of the details visitors share with a card's owner: they are the owner's contacts, marked shared.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CardSource } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** How many people shared their details with the member in the last hour. */
export async function countSharedLastHour(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('shared_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Digits only, so "+44 20 7946 0000" and "+44 (20) 79460000" are one number. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The member's contact with this e-mail (any case) or phone number (any punctuation), if they have one:
 * a person who shares again, or whom the member saved already, is not stored twice.
 */
export async function findContactByEmailOrPhone(
  db: Db,
  ownerId: string,
  person: { email: string; phone: string },
): Promise<string | undefined> {
  const email = person.email.trim().toLowerCase();
  const digits = phoneDigits(person.phone);
  if (email === '' && digits === '') return undefined;
  const row = await db
    .selectFrom('contacts')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb(eb.fn('lower', ['email']), '=', email)] : []),
        ...(digits ? [eb(sql<string>`regexp_replace(phone, '\\D', '', 'g')`, '=', digits)] : []),
      ]),
    )
    .orderBy('connected_at')
    .executeTakeFirst();
  return row?.id;
}

export interface SharedPerson {
  name: string;
  email: string;
  phone: string;
  company: string;
  role: string;
  note: string;
  source: CardSource;
}

/** The columns of a contact with no card behind it: someone who shared their details, or was added by hand. */
export function cardlessContactValues(
  ownerId: string,
  person: { name: string; email: string; phone: string; company: string; role: string; note: string },
) {
  return {
    owner_id: ownerId,
    card_owner_id: null,
    nfc_uid: null,
    name: person.name,
    email: person.email,
    phone: person.phone,
    company: person.company,
    role: person.role,
    notes: person.note,
  };
}

/** The new contact's id. */
export async function insertSharedContact(db: Db, ownerId: string, person: SharedPerson): Promise<string> {
  const { id } = await db
    .insertInto('contacts')
    .values({
      // The visitor's note starts the member's notes on them; the member edits them as any others.
      ...cardlessContactValues(ownerId, person),
      shared_at: sql<Date>`now()`,
      shared_source: person.source,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A person already among the member's contacts shared again: the contact says so, and nothing else changes. */
export async function markContactShared(db: Db, contactId: string, source: CardSource): Promise<void> {
  await db
    .updateTable('contacts')
    .set({ shared_at: sql<Date>`now()`, shared_source: source })
    .where('id', '=', contactId)
    .execute();
}
