// The words of every mail Tapnet sends, as plain text with a matching simple HTML part.
import type { MailMessage } from './mailer';

const PRODUCT = 'Tapnet';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(paragraphs: string[]): string {
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">${body}<p style="color:#6b7280;font-size:13px">${PRODUCT}: your contacts, one tap away.</p></body></html>`;
}

export function verificationCodeMail(
  to: string,
  name: string,
  code: string,
  validMinutes: number,
): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} verification code: ${code}`,
    text: [
      `Hi ${name},`,
      '',
      `Welcome to ${PRODUCT}! Your verification code is:`,
      '',
      `    ${code}`,
      '',
      `Enter it on the verification screen within ${validMinutes} minutes.`,
      `If you did not create a ${PRODUCT} account, you can ignore this e-mail.`,
    ].join('\n'),
    html: layout([
      `Hi ${escapeHtml(name)},`,
      `Welcome to ${PRODUCT}! Your verification code is:`,
      `<strong style="font-size:28px;letter-spacing:6px">${code}</strong>`,
      `Enter it on the verification screen within ${validMinutes} minutes.`,
      `If you did not create a ${PRODUCT} account, you can ignore this e-mail.`,
    ]),
  };
}

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: [
      `Hi ${name},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${PRODUCT} account.`,
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${validMinutes} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: layout([
      `Hi ${escapeHtml(name)},`,
      `Someone (we hope you) asked to reset the password of your ${PRODUCT} account.`,
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      `Or paste this link into your browser: ${escapeHtml(link)}`,
      `The link works once and expires in ${validMinutes} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ]),
  };
}
