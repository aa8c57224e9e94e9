// A copy of a member's card asked for on its page (issue 26): by a visitor sharing their details, or
// with "E-mail me this card", for a phone that will not import a vCard. No account needed: the mail
// says why it came, carries the vCard and the card's link, and goes out within the limits of
// card-sends.ts (recordCardCopy).
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { PublicCard } from '../../../contract/card';
import { CardCopyMessages, type EmailMeCardRequestSchema } from '../../../contract/card-copies';
import { cardLinkPath } from '../../../contract/card-paths';
import type { MessageResponse } from '../../../contract/errors';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { businessCardMail } from '../../platform/mail/templates';
import { toVCard, vCardFileName } from '../../platform/vcard';
import { findCurrentHandle, lookUpCard } from '../cards';
import { recordCardCopy } from './card-sends';
import { findMemberIdByEmail } from './queries';
import { queueNonEssentialMail } from './service';

/** Queues the copy in `trx` when the limits let it go (the caller wakes the mailer after commit). */
export async function queueCardCopy(
  ctx: AppContext,
  trx: Transaction<Database>,
  copy: { card: PublicCard; handle: string; to: string; recipientName: string },
): Promise<void> {
  const { card, handle, to, recipientName } = copy;
  if (!(await recordCardCopy(trx, card.userId, to))) return;
  const { publicUrl } = ctx.config;
  const isMember = (await findMemberIdByEmail(trx, to)) !== undefined;
  await queueNonEssentialMail(
    ctx,
    trx,
    businessCardMail({
      to,
      recipientName,
      card,
      cardUrl: `${publicUrl}${cardLinkPath(handle)}`,
      vCard: { fileName: vCardFileName(card.name), content: toVCard(card) },
      invitation: isMember ? { kind: 'none' } : { kind: 'join', registerUrl: `${publicUrl}/register` },
      reason: 'asked',
    }),
  );
}

/**
 * "E-mail me this card". The answer is the same whether a mail goes or not (a copy already sent today,
 * an address that unsubscribed, a bot's filled hidden field): it tells nobody anything about an address.
 */
export async function emailMeCard(
  ctx: AppContext,
  cardKey: string,
  request: z.output<typeof EmailMeCardRequestSchema>,
): Promise<MessageResponse> {
  const lookup = await lookUpCard(ctx.db, cardKey);
  if ('error' in lookup) throw new HttpError(lookup.error.code, lookup.error.error);
  if (request.leaveEmpty !== '') return { message: CardCopyMessages.onItsWay };
  const { card } = lookup;
  const handle = await findCurrentHandle(ctx.db, card.userId);
  if (handle) {
    await ctx.db
      .transaction()
      .execute((trx) => queueCardCopy(ctx, trx, { card, handle, to: request.email, recipientName: '' }));
    ctx.mailer.wake();
  }
  return { message: CardCopyMessages.onItsWay };
}
