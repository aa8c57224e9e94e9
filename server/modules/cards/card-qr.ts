// The card link's QR code as a PNG (issue 26 point 4): an e-mail signature shows it by URL, since mail
// clients block images inlined as data: URIs. It always opens the member's current card link, marked
// as a scan for the card's analytics, whichever of the member's keys asked.
import QRCode from 'qrcode';
import { cardLinkPath, withCardSource } from '../../../contract/card-paths';
import type { AppContext } from '../../platform/context';
import { HttpError } from '../../platform/errors';
import { findCurrentHandle } from './card-links';
import { cardMessages, lookUpCard } from './lookup';

/** Pixels a side: sharp at the 96 px a signature shows it, on a screen of twice the density. */
const QR_PNG_SIZE = 192;

export async function cardQrPng(ctx: AppContext, cardKey: string): Promise<Buffer> {
  const found = await lookUpCard(ctx.db, cardKey);
  if ('error' in found) throw new HttpError(found.error.code, found.error.error);
  const handle = await findCurrentHandle(ctx.db, found.card.userId);
  if (!handle) throw new HttpError('CARD_NOT_FOUND', cardMessages.notFound);
  const url = withCardSource(`${ctx.config.publicUrl}${cardLinkPath(handle)}`, 'qr');
  return QRCode.toBuffer(url, { type: 'png', width: QR_PNG_SIZE, margin: 2, errorCorrectionLevel: 'M' });
}
