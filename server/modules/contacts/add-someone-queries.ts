// SQL of contacts added by hand: a new row with no card behind it, or new details merged into a
// contact the member already has.
import type { Kysely, Transaction } from 'kysely';
import type { AddedPerson } from '../../../contract/add-someone';
import { NOTES_MAX_LENGTH } from '../../../contract/contacts';
import type { Database } from '../../platform/db/schema';
import { placeWords } from '../../platform/geo/place-words';
import { cardlessContactValues, phoneDigits } from './shared-details-queries';

type Db = Kysely<Database> | Transaction<Database>;

/** What follows "Met": the member's own words, else the place the device gave, in words. */
function whereMetOf(person: AddedPerson): string | null {
  if (person.where !== '') return person.where;
  return person.lat !== undefined && person.lng !== undefined ? placeWords(person.lat, person.lng) : null;
}

/** `event`: the member's current event when the add arrives (issue 27), as every save takes it. */
export function insertContactByHand(db: Db, ownerId: string, person: AddedPerson, event: string | null) {
  return db
    .insertInto('contacts')
    .values({
      ...cardlessContactValues(ownerId, person),
      lat: person.lat ?? null,
      lng: person.lng ?? null,
      where_met: whereMetOf(person),
      event,
      added_by_hand: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const FIELD_LABELS = { email: 'E-mail', phone: 'Phone', company: 'Company', role: 'Role' } as const;
type MergedField = keyof typeof FIELD_LABELS;

const sameValue = (field: MergedField, a: string, b: string) =>
  field === 'phone' ? phoneDigits(a) === phoneDigits(b) : a.toLowerCase() === b.toLowerCase();

/**
 * The contact's empty fields take the new details; a field it already has keeps its value, and a new
 * value that differs is written into its notes with the new note, so nothing the member typed is lost
 * (notes stay within their limit: what does not fit is cut from the end). Its name and card stay; a
 * contact with no event takes `event`, the member's current one, as it takes a place it lacks.
 */
export async function mergeIntoContact(
  db: Db,
  ownerId: string,
  contactId: string,
  person: AddedPerson,
  event: string | null,
) {
  const current = await db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', contactId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const filled: Partial<Record<MergedField, string>> = {};
  const differing: string[] = [];
  for (const field of Object.keys(FIELD_LABELS) as MergedField[]) {
    const value = person[field];
    if (value === '' || sameValue(field, current[field], value)) continue;
    if (current[field] === '') filled[field] = value;
    else differing.push(`${FIELD_LABELS[field]}: ${value}`);
  }
  const addition = [person.note, ...differing].filter((line) => line !== '').join('\n');
  const notes = [current.notes, addition].filter((text) => text !== '').join('\n\n');
  const hasPlace = current.lat !== null || current.where_met !== null;
  const changes = {
    ...filled,
    ...(notes === current.notes ? {} : { notes: notes.slice(0, NOTES_MAX_LENGTH) }),
    ...(hasPlace ? {} : { lat: person.lat ?? null, lng: person.lng ?? null, where_met: whereMetOf(person) }),
    ...(current.event === null ? { event } : {}),
  };
  // Details it already had: the contact, and the list's tag, stay as they are.
  if (Object.values(changes).every((value) => value === null)) return current;
  return db
    .updateTable('contacts')
    .set(changes)
    .where('id', '=', contactId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
