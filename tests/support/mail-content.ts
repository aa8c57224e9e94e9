// Reads what a user would pick out of Tapnet's e-mails: the verification code and links.
import type { ReceivedMail } from './smtp-sink';

export function verificationCodeIn(mail: Pick<ReceivedMail, 'subject' | 'text'>): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}"`);
  return code;
}

// The first link in the plain-text part whose path starts with `pathPrefix`, e.g. '/reset-password/'.
export function linkIn(mail: Pick<ReceivedMail, 'subject' | 'text'>, pathPrefix: string): URL {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}"`);
}
