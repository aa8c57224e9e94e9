// Inviting a member to add someone back, and the invitee's answer (DESIGN.md §4 Invitations).
import type { Transaction } from 'kysely';
import type { MessageResponse } from '../../../contract/errors';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { queueContactEvent } from '../webhooks';
import {
  deleteInvitationBetween,
  findMemberCard,
  hasContact,
  insertInvitation,
  takeInvitation,
} from './invitation-queries';
import { insertContactFromCard, toContact } from './queries';

export const invitationMessages = {
  accepted: 'Invitation accepted!',
  denied: 'Invitation denied.',
  notFound: 'Invitation not found',
} as const;

/**
 * Called in the transaction where the inviter saved the invitee's card or sent them their own.
 * Nothing is needed when the invitee already has the inviter; and since the inviter now has the
 * invitee, an invitation the other way round has been answered by this very act. Answers whether an
 * invitation now waits for the invitee, so that no mail promises one that does not exist.
 */
export async function inviteMember(
  trx: Transaction<Database>,
  { inviterId, inviteeId }: { inviterId: string; inviteeId: string },
): Promise<boolean> {
  if (inviterId === inviteeId) return false;
  await deleteInvitationBetween(trx, inviteeId, inviterId);
  if (await hasContact(trx, inviteeId, inviterId)) return false;
  await insertInvitation(trx, inviterId, inviteeId);
  return true;
}

/**
 * Adds the inviter, as their business card is now, to the invitee's contacts. An inviter who never
 * linked an NFC card is still a member with a business card or at least an account name and e-mail,
 * so the contact is made from that, without a card ID (the contact simply has no public card page).
 * No place is recorded: the invitee was not the one who saved where they met.
 * Taking the invitation first makes a repeated or concurrent accept find nothing (404), and the
 * contacts' unique pair means an inviter the invitee already has is never added twice. Runs in the
 * caller's transaction (the Idempotency-Key's: a replayed answer is the first one, not a 404).
 */
export async function acceptInvitation(
  trx: Transaction<Database>,
  inviteeId: string,
  invitationId: string,
): Promise<MessageResponse> {
  const invitation = await takeInvitation(trx, invitationId, inviteeId);
  if (!invitation) throw new HttpError('INVITATION_NOT_FOUND', invitationMessages.notFound);
  const inviter = await findMemberCard(trx, invitation.inviter_id);
  if (inviter) {
    const row = await insertContactFromCard(
      trx,
      inviteeId,
      inviter,
      { lat: null, lng: null },
      { fromInvitation: true },
    );
    if (row) await queueContactEvent(trx, inviteeId, 'contact.saved', toContact(row));
  }
  return { message: invitationMessages.accepted };
}

export async function denyInvitation(
  trx: Transaction<Database>,
  inviteeId: string,
  invitationId: string,
): Promise<MessageResponse> {
  const invitation = await takeInvitation(trx, invitationId, inviteeId);
  if (!invitation) throw new HttpError('INVITATION_NOT_FOUND', invitationMessages.notFound);
  return { message: invitationMessages.denied };
}
