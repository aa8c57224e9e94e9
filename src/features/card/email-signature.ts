// The member's e-mail signature (issue 26 point 4): their name, role, company, e-mail, phone, card link
// and a small QR code of it. Mail clients ignore style sheets and block images inlined as data: URIs,
// so the HTML is a table with inline styles and the QR code is an image served from our origin.
import { withCardSource } from '../../../contract/card-paths';

export interface SignatureCard {
  name: string;
  role: string;
  company: string;
  email: string;
  phone: string;
}

export interface EmailSignature {
  html: string;
  text: string;
}

/** Shown at 96 px, from a 192 px image: sharp on screens of twice the density. */
const QR_SIZE = 96;
const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#4338ca';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${ACCENT};text-decoration:none">${escapeHtml(text)}</a>`;
}

function line(content: string, style = ''): string {
  return `<div style="margin:0;${style}">${content}</div>`;
}

/** The card's address without its scheme: what reads well under a name. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/**
 * `cardUrl` is the member's card link; `qrImageUrl` the PNG of its QR code. A click on the link or the
 * code counts as a shared link in the card's analytics (the code's own target says it was scanned).
 */
export function emailSignature(
  card: SignatureCard,
  { cardUrl, qrImageUrl }: { cardUrl: string; qrImageUrl: string },
): EmailSignature {
  const clickUrl = withCardSource(cardUrl, 'link');
  const position = [card.role, card.company].filter((part) => part.trim() !== '').join(' · ');
  const reach = [
    card.email && link(`mailto:${card.email}`, card.email),
    card.phone && link(`tel:${card.phone.replace(/[^\d+]/g, '')}`, card.phone),
  ].filter(Boolean);
  const details = [
    line(escapeHtml(card.name), `font-size:15px;font-weight:bold;color:${INK}`),
    position && line(escapeHtml(position), `color:${MUTED}`),
    reach.length > 0 && line(reach.join(` <span style="color:${MUTED}">·</span> `)),
    line(`My card: ${link(clickUrl, displayUrl(cardUrl))}`, 'padding-top:4px'),
  ].filter(Boolean);
  const image = `<img src="${escapeHtml(qrImageUrl)}" width="${QR_SIZE}" height="${QR_SIZE}" alt="QR code of ${escapeHtml(card.name)}'s card" style="display:block;border:0">`;
  const html = [
    `<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.45;color:${INK}"><tbody><tr>`,
    `<td style="padding:0 14px 0 0;vertical-align:top"><a href="${escapeHtml(clickUrl)}">${image}</a></td>`,
    `<td style="padding:0 0 0 14px;vertical-align:top;border-left:2px solid ${ACCENT}">${details.join('')}</td>`,
    '</tr></tbody></table>',
  ].join('');
  const text = [
    card.name,
    position,
    [card.email, card.phone].filter(Boolean).join(' · '),
    `My card: ${cardUrl}`,
  ]
    .filter((part) => part !== '')
    .join('\n');
  return { html, text };
}
