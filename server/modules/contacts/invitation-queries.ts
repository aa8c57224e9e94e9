// SQL of invitations between members.
import type { Kysely, QueryCreator, Transaction } from 'kysely';
import type { MemberCardView } from '../../../contract/card';
import type { Invitation } from '../../../contract/invitations';
import type { Database } from '../../platform/db/schema';
import { BUSINESS_CARD_COLUMNS, EMPTY_CARD, fromBusinessCardColumns } from '../cards';

type Db = Kysely<Database> | Transaction<Database>;

/** A member as others see them: their business card now, and the card ID it is linked to, if any. */
export interface MemberCard extends MemberCardView {
  userId: string;
  nfcUID: string | null;
}

function membersWithCards(db: QueryCreator<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('business_cards', 'business_cards.user_id', 'users.id')
    .leftJoin('cards', 'cards.user_id', 'users.id')
    .select(['users.id as user_id', 'users.name', 'users.email', 'cards.nfc_uid', ...BUSINESS_CARD_COLUMNS]);
}

type MemberCardRow = Parameters<typeof fromBusinessCardColumns>[0] & {
  user_id: string;
  name: string;
  email: string;
  nfc_uid: string | null;
};

/**
 * A member who never filled in a business card still has the name and e-mail of their account,
 * the same fallback their public card page uses.
 */
function toMemberCard(row: MemberCardRow): MemberCard {
  const card = fromBusinessCardColumns(row) ?? { ...EMPTY_CARD, name: row.name, email: row.email };
  return { ...card, userId: row.user_id, nfcUID: row.nfc_uid };
}

export async function findMemberCard(db: Db, userId: string): Promise<MemberCard | undefined> {
  const row = await membersWithCards(db).where('users.id', '=', userId).executeTakeFirst();
  return row && toMemberCard(row);
}

/** Newest first, each showing the inviter as their business card shows them now. */
export async function listInvitationsTo(db: Db, inviteeId: string): Promise<Invitation[]> {
  const rows = await db
    .with('members', membersWithCards)
    .selectFrom('invitations')
    .innerJoin('members', 'members.user_id', 'invitations.inviter_id')
    .selectAll('members')
    .select('invitations.id as invitation_id')
    .where('invitations.invitee_id', '=', inviteeId)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id')
    .execute();
  return rows.map((row) => {
    const { name, company, role, email } = toMemberCard(row);
    return { _id: row.invitation_id, name, company, role, email };
  });
}

export function hasContact(db: Db, ownerId: string, cardOwnerId: string) {
  return db
    .selectFrom('contacts')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('card_owner_id', '=', cardOwnerId)
    .executeTakeFirst()
    .then(Boolean);
}

/** A second invitation between the same two members is simply not created. */
export function insertInvitation(db: Db, inviterId: string, inviteeId: string) {
  return db
    .insertInto('invitations')
    .values({ inviter_id: inviterId, invitee_id: inviteeId })
    .onConflict((conflict) => conflict.columns(['inviter_id', 'invitee_id']).doNothing())
    .execute();
}

export function deleteInvitationBetween(db: Db, inviterId: string, inviteeId: string) {
  return db
    .deleteFrom('invitations')
    .where('inviter_id', '=', inviterId)
    .where('invitee_id', '=', inviteeId)
    .execute();
}

/** Deletes the invitation only if it is addressed to `inviteeId`; returns who sent it. */
export function takeInvitation(db: Db, invitationId: string, inviteeId: string) {
  return db
    .deleteFrom('invitations')
    .where('id', '=', invitationId)
    .where('invitee_id', '=', inviteeId)
    .returning('inviter_id')
    .executeTakeFirst();
}
