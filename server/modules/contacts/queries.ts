// SQL of a member's saved contacts.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PublicCard } from '../../../contract/card';
import type { Contact } from '../../../contract/contacts';
import type { ContactsTable, Database } from '../../db/schema';
import { toBusinessCardColumns } from '../cards/business-card-columns';

type Db = Kysely<Database> | Transaction<Database>;

export function toContact(row: Selectable<ContactsTable>): Contact {
  return {
    _id: row.id,
    name: row.name,
    company: row.company,
    role: row.role,
    email: row.email,
    phone: row.phone,
    linkedinURL: row.linkedin_url,
    additionalURL: row.additional_url,
    pronouns: row.pronouns,
    notes: row.notes,
    lat: row.lat,
    lng: row.lng,
    isFlagged: row.is_flagged,
    connectedAt: row.connected_at.toISOString(),
    contactDetailsSent: row.contact_details_sent,
    inviteSentByEmail: row.invite_sent_by_email,
    fromInvitation: row.from_invitation,
    nfcUID: row.nfc_uid,
  };
}

/** Inserts the card as a contact of `ownerId`; returns nothing when that person is already saved. */
export function insertContactFromCard(
  db: Db,
  ownerId: string,
  card: Omit<PublicCard, 'nfcUID'> & { nfcUID: string | null },
  place: { lat: number | null; lng: number | null },
  options: { fromInvitation?: boolean } = {},
) {
  return db
    .insertInto('contacts')
    .values({
      owner_id: ownerId,
      card_owner_id: card.userId,
      nfc_uid: card.nfcUID,
      ...toBusinessCardColumns(card),
      lat: place.lat,
      lng: place.lng,
      from_invitation: options.fromInvitation ?? false,
    })
    .onConflict((conflict) => conflict.columns(['owner_id', 'card_owner_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Newest first: the order in which people were met. */
export async function listContacts(db: Db, ownerId: string) {
  const rows = await db
    .selectFrom('contacts')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('connected_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toContact);
}
