// Saving a card as a contact: at most once per person, never one's own card.
import type { Transaction } from 'kysely';
import type { CreateContactRequest } from '../../../contract/contacts';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { StoredResponse } from '../../idempotency';
import { cardMessages } from '../cards/lookup';
import { findPublicCard } from '../cards/queries';
import { inviteMember } from '../invitations/service';
import { insertContactFromCard, toContact } from './queries';

export const contactMessages = {
  saved: 'Contact saved successfully',
  alreadyExists: 'Contact already exists',
  ownCard: 'Cannot save your own business card.',
} as const;

/**
 * The card is stored as it is now on the server, not as the payload describes it: the visitor saw
 * the same card, and a replayed offline save should not resurrect details the owner has since changed.
 */
export async function saveContactFromCard(
  trx: Transaction<Database>,
  userId: string,
  request: CreateContactRequest,
): Promise<StoredResponse> {
  const card = await findPublicCard(trx, request.nfcUID);
  if (!card) throw new HttpError(404, cardMessages.notFound);
  if (card.userId === userId) throw new HttpError(400, contactMessages.ownCard);
  const row = await insertContactFromCard(trx, userId, card, {
    lat: request.lat ?? null,
    lng: request.lng ?? null,
  });
  if (!row) throw new HttpError(400, contactMessages.alreadyExists);
  await inviteMember(trx, { inviterId: userId, inviteeId: card.userId });
  return { statusCode: 201, body: { message: contactMessages.saved, contact: toContact(row) } };
}
