// Saving a card as a contact (at most once per person, never one's own card), and e-mailing my card to a contact.
import type { Transaction } from 'kysely';
import { type Tap, type TapProof, UNVERIFIED_TAP } from '../../../contract/card';
import { cardLinkPath } from '../../../contract/card-paths';
import {
  type CreateContactRequest,
  SendCardMessages,
  type SendCardResponse,
} from '../../../contract/contacts';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { placeWords } from '../../platform/geo/place-words';
import type { StoredResponse } from '../../platform/idempotency';
import type { MailMessage } from '../../platform/mail/mailer';
import {
  businessCardMail,
  type CardMailInvitation,
  withUnsubscribeLink,
} from '../../platform/mail/templates';
import { toVCard, vCardFileName } from '../../platform/vcard';
import { fromBusinessCardColumns, lookUpCard } from '../cards';
import { hasUnsubscribed, unsubscribeLinkFor } from '../unsubscribe';
import { findAccount, hasOptedOutOfEmail } from '../user';
import { queueContactEvent } from '../webhooks';
import { recordCardSend } from './card-sends';
import { inviteMember } from './invitations';
import { listTagHeaders, writeContactList } from './list-write';
import {
  findContact,
  findCurrentEvent,
  findMemberIdByEmail,
  insertContactFromCard,
  markCardSent,
  toContact,
} from './queries';

export const contactMessages = {
  saved: 'Contact saved successfully',
  alreadyExists: 'Contact already exists',
  ownCard: 'Cannot save your own business card.',
  notFound: 'Contact not found',
  deleted: 'Contact deleted',
  incompleteCard: 'Complete your business card (name and e-mail) before sending it.',
  noContactEmail: 'This contact has no e-mail address to send your card to.',
} as const;

/**
 * The card is stored as it is now on the server, not as the payload describes it: a save queued from
 * an offline tap carries only the card's ID, and a replayed save should not resurrect details the
 * owner has since changed. Any card fields a client sends are ignored.
 */
export async function saveContactFromCard(
  trx: Transaction<Database>,
  userId: string,
  request: CreateContactRequest,
  options: {
    /** The outbox replayed it: made offline, synced now (the admin dashboard's offline share). */
    savedOffline?: boolean;
    /** Checks the tap the save carries (a secure card's), in this transaction: undone if the save is. */
    verifyTap?: (trx: Transaction<Database>, nfcUid: string, proof: TapProof) => Promise<Tap>;
  } = {},
): Promise<StoredResponse> {
  const { savedOffline = false, verifyTap } = options;
  const lookup = await lookUpCard(trx, request.nfcUID);
  // A save queued offline may name a card that was never activated, or a mistyped one: say which.
  if ('error' in lookup) throw new HttpError(lookup.error.code, lookup.error.error);
  const { card } = lookup;
  if (card.userId === userId) throw new HttpError('OWN_CARD', contactMessages.ownCard);
  const lat = request.lat ?? null;
  const lng = request.lng ?? null;
  const whereMet = lat !== null && lng !== null ? placeWords(lat, lng) : null;
  // The member's current event tags every save until they clear it (issue 27); a save replayed from the
  // outbox takes the event current when it arrives.
  const event = await findCurrentEvent(trx, userId);
  // A save made from a verified tap proves they met; a save of an unverified one is an ordinary save.
  const tap = request.tap && verifyTap ? await verifyTap(trx, card.nfcUID, request.tap) : UNVERIFIED_TAP;
  const { result: row, tags } = await writeContactList(trx, userId, () =>
    insertContactFromCard(trx, userId, card, { lat, lng, whereMet }, { savedOffline, event, tap }),
  );
  if (!row) throw new HttpError('CONTACT_EXISTS', contactMessages.alreadyExists);
  const contact = toContact(row);
  await queueContactEvent(trx, userId, 'contact.saved', contact);
  await inviteMember(trx, { inviterId: userId, inviteeId: card.userId });
  return {
    statusCode: 201,
    body: { message: contactMessages.saved, contact },
    headers: listTagHeaders(tags),
  };
}

/**
 * E-mails my card (vCard attached, with my card link) to the contact, whether or not I have an NFC
 * card: every member has a card link. A person who is not a member is also invited to join; a member
 * gets an invitation to connect instead, unless they already have me (then the mail offers nothing).
 * The mail is queued in the same transaction that records the send (card-sends.ts limits), so a
 * refused send queues nothing and a queued mail is never lost; delivery happens after the answer,
 * whatever state the mail server is in. Runs in the caller's transaction (the Idempotency-Key's, so a
 * replayed send mails nothing twice); the caller wakes the mailer once it committed.
 */
export async function sendMyCard(
  ctx: AppContext,
  trx: Transaction<Database>,
  userId: string,
  contactId: string,
): Promise<StoredResponse> {
  const account = await findAccount(trx, userId);
  const contact = await findContact(trx, userId, contactId);
  if (!contact || !account) throw new HttpError('CONTACT_NOT_FOUND', contactMessages.notFound);
  const card = fromBusinessCardColumns(account);
  const handle = account.card_handle;
  if (!handle || !card?.name.trim() || !card.email.trim())
    throw new HttpError('CARD_INCOMPLETE', contactMessages.incompleteCard);
  if (!contact.email.trim()) throw new HttpError('CONTACT_HAS_NO_EMAIL', contactMessages.noContactEmail);

  const { publicUrl } = ctx.config;
  const memberId = await findMemberIdByEmail(trx, contact.email);
  await recordCardSend(trx, userId, contact.email);
  const isInvited = memberId ? await inviteMember(trx, { inviterId: userId, inviteeId: memberId }) : false;
  const invitation: CardMailInvitation = !memberId
    ? { kind: 'join', registerUrl: `${publicUrl}/register` }
    : isInvited
      ? { kind: 'connect', invitationsUrl: `${publicUrl}/invitations` }
      : { kind: 'none' };
  await markCardSent(trx, contact._id, { inviteSentByEmail: !memberId });
  const publicCard = { ...card, nfcUID: account.nfc_uid ?? handle, userId };
  const message = businessCardMail({
    to: contact.email.trim(),
    recipientName: contact.name,
    card,
    cardUrl: `${publicUrl}${cardLinkPath(handle)}`,
    vCard: { fileName: vCardFileName(card.name), content: toVCard(publicCard) },
    invitation,
  });
  const wasMailed = await queueNonEssentialMail(ctx, trx, message);
  const body: SendCardResponse = wasMailed
    ? { message: SendCardMessages.sent, delivery: 'email' }
    : { message: SendCardMessages.inAppOnly, delivery: 'in-app' };
  return { statusCode: 200, body };
}

/**
 * Every mail a member did not ask for themselves (a card someone sent, an invitation) goes through
 * here, so that the recipient's wish is checked in one place: a member's e-mail opt-out, or the
 * "never e-mail me again" link, which every such mail to someone who is not a member carries.
 * Queues it in `trx` (the caller wakes the mailer after commit) and answers whether it was queued.
 */
export async function queueNonEssentialMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  message: MailMessage,
): Promise<boolean> {
  if ((await hasOptedOutOfEmail(trx, message.to)) || (await hasUnsubscribed(trx, message.to))) return false;
  const isMember = (await findMemberIdByEmail(trx, message.to)) !== undefined;
  const link = isMember
    ? undefined
    : await unsubscribeLinkFor(trx, { email: message.to, key: ctx.codeKey, publicUrl: ctx.config.publicUrl });
  await ctx.mailer.send(link ? withUnsubscribeLink(message, link) : message, trx);
  return true;
}
