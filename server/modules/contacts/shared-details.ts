// A visitor of a member's public card shares their own details with the member (issue 26): no account,
// their consent given on the form. The member finds them among their contacts, marked as shared with
// them, and is told by e-mail unless they opted out; the visitor may ask for a copy of the card.

import type { z } from 'zod';
import type { MessageResponse } from '../../../contract/errors';
import { type ShareDetailsRequestSchema, SharedDetailsMessages } from '../../../contract/shared-details';
import type { AppContext } from '../../platform/context';
import { HttpError } from '../../platform/errors';
import { sharedDetailsMail } from '../../platform/mail/templates';
import { cardMessages, findCurrentHandle, lookUpCard } from '../cards';
import { findAccount } from '../user';
import { queueContactEvent } from '../webhooks';
import { queueCardCopy } from './card-copies';
import { writeContactList } from './list-write';
import { findContact } from './queries';
import { queueNonEssentialMail } from './service';
import {
  countSharedLastHour,
  findContactByEmailOrPhone,
  insertSharedContact,
  markContactShared,
} from './shared-details-queries';

/**
 * A speaker's card after a talk may get a few hundred in an hour from all over the room; past that it
 * is a flood, and the card takes no more for the rest of the hour. The member is e-mailed about the
 * first few of an hour only: the rest wait in their contacts.
 */
export const SHARES_PER_HOUR = 300;
export const OWNER_MAILS_PER_HOUR = 10;

export const sharedDetailsMessages = {
  limitReached: 'This card cannot take more details right now. Please try again in an hour.',
} as const;

export async function shareDetails(
  ctx: AppContext,
  cardKey: string,
  request: z.output<typeof ShareDetailsRequestSchema>,
): Promise<MessageResponse> {
  const lookup = await lookUpCard(ctx.db, cardKey);
  if ('error' in lookup) throw new HttpError(lookup.error.code, lookup.error.error);
  const { card } = lookup;
  // A filled hidden field is a bot: it is told what a person is told, and nothing is kept.
  if (request.leaveEmpty !== '') return { message: SharedDetailsMessages.shared };
  // The owner's handle names the card link mailed back, so it is needed only when the card is asked for.
  const [owner, handle] = await Promise.all([
    findAccount(ctx.db, card.userId),
    request.sendMeTheCard ? findCurrentHandle(ctx.db, card.userId) : undefined,
  ]);
  // The owner left between the lookup and now.
  if (!owner) throw new HttpError('CARD_NOT_FOUND', cardMessages.notFound);
  const { publicUrl } = ctx.config;

  await ctx.db.transaction().execute(async (trx) => {
    // The owner's list is locked: two shares by one person at once find each other, never store twice.
    await writeContactList(trx, card.userId, async () => {
      const sharedLastHour = await countSharedLastHour(trx, card.userId);
      if (sharedLastHour >= SHARES_PER_HOUR)
        throw new HttpError('SHARE_LIMIT_REACHED', sharedDetailsMessages.limitReached);
      const existing = await findContactByEmailOrPhone(trx, card.userId, request);
      if (existing) await markContactShared(trx, existing, request.source);
      const contactId = existing ?? (await insertSharedContact(trx, card.userId, request));
      await queueContactEvent(trx, card.userId, 'details.shared', () =>
        findContact(trx, card.userId, contactId),
      );
      if (sharedLastHour < OWNER_MAILS_PER_HOUR) {
        await queueNonEssentialMail(
          ctx,
          trx,
          sharedDetailsMail({
            to: owner.email,
            ownerName: owner.name,
            person: request,
            source: request.source,
            contactsUrl: `${publicUrl}/contacts`,
          }),
        );
      }
      if (request.sendMeTheCard && handle) {
        await queueCardCopy(ctx, trx, { card, handle, to: request.email, recipientName: request.name });
      }
    });
  });
  ctx.mailer.wake();
  return { message: SharedDetailsMessages.shared };
}
