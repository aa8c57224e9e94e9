// The words of every mail Tapnet sends, as plain text with a matching simple HTML part.
import type { BusinessCardView } from '../../../contract/card';
import { withScheme } from '../vcard';
import type { MailMessage } from './message';

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

/**
 * What the recipient can do next: join Tapnet, answer the sender's invitation, or nothing (a member who
 * already has the sender has no invitation waiting, and the mail must not promise one).
 */
export type CardMailInvitation =
  | { kind: 'join'; registerUrl: string }
  | { kind: 'connect'; invitationsUrl: string }
  | { kind: 'none' };

type LabelledLine = { label: string; value: string; href?: string };

/** The card's filled-in fields, each as a label, its text, and where it links in the HTML part. */
function cardLines(card: BusinessCardView): LabelledLine[] {
  const lines = [
    { label: 'Name', value: card.pronouns ? `${card.name} (${card.pronouns})` : card.name },
    { label: 'Role', value: card.role },
    { label: 'Company', value: card.company },
    { label: 'E-mail', value: card.email, href: `mailto:${card.email}` },
    { label: 'Phone', value: card.phone, href: `tel:${card.phone.replace(/[^\d+]/g, '')}` },
    { label: 'LinkedIn', value: card.linkedinURL, href: withScheme(card.linkedinURL) },
    { label: 'Website', value: card.additionalURL, href: withScheme(card.additionalURL) },
  ];
  return lines.filter(({ value }) => value !== '');
}

const POSSESSIVES: Record<string, string> = { she: 'her', he: 'his', they: 'their', xe: 'xyr', ze: 'zir' };

/** "her" for she/her, "their" for they/them; null for pronouns the mail cannot read ("any", none at all). */
function possessiveOf(pronouns: string): string | null {
  const first =
    pronouns
      .trim()
      .toLowerCase()
      .split(/[\s/,]+/)[0] ?? '';
  return POSSESSIVES[first] ?? null;
}

/**
 * "her business card" for she/her, "their" for they/them; pronouns the mail cannot read get no pronoun:
 * "a business card". The mail never guesses someone's pronouns.
 */
export function theirBusinessCard(pronouns: string): string {
  const possessive = possessiveOf(pronouns);
  return possessive ? `${possessive} business card` : 'a business card';
}

/** "her card page" for she/her; "the card page" without pronouns to read. */
function theirCardPage(pronouns: string): string {
  return `${possessiveOf(pronouns) ?? 'the'} card page`;
}

function nextStep(invitation: CardMailInvitation, name: string) {
  if (invitation.kind === 'join') {
    return {
      text: `${PRODUCT} keeps the people you meet in one place, one tap away. Join ${name} on ${PRODUCT}:`,
      link: invitation.registerUrl,
      label: `Join ${PRODUCT}`,
    };
  }
  if (invitation.kind === 'connect') {
    return {
      text: `You are on ${PRODUCT} too: ${name} has invited you to connect. Open your invitations to accept:`,
      link: invitation.invitationsUrl,
      label: 'Open your invitations',
    };
  }
  return null;
}

/** Labelled lines (a card, shared details) as the HTML part shows them: each on its line, in a frame. */
function framedHtml(lines: LabelledLine[]): string {
  const rows = lines
    .map(({ label, value, href }) => {
      const text = escapeHtml(value);
      return `<span style="color:#6b7280">${label}:</span> ${href ? `<a href="${escapeHtml(href)}">${text}</a>` : text}`;
    })
    .join('<br>');
  return `<span style="display:block;border:1px solid #e5e7eb;border-radius:8px;padding:12px">${rows}</span>`;
}

/** The same lines in the text part, their values aligned. */
function alignedText(lines: LabelledLine[]): string[] {
  const width = Math.max(...lines.map(({ label }) => label.length)) + 1;
  return lines.map(({ label, value }) => `    ${`${label}:`.padEnd(width)} ${value}`);
}

export function businessCardMail(options: {
  to: string;
  recipientName: string;
  card: BusinessCardView;
  /** The sender's card link: their card on the web, for phones that will not open the vCard. */
  cardUrl: string;
  vCard: { fileName: string; content: string };
  invitation: CardMailInvitation;
  /**
   * Why the mail came: the member sent it, or the recipient asked for it on the card's page (issue 26),
   * where anyone may type any address, so the mail says so and how to stop it.
   */
  reason?: 'sent' | 'asked';
}): MailMessage {
  const { to, recipientName, card, cardUrl, vCard, invitation, reason = 'sent' } = options;
  const greeting = recipientName.trim() ? `Hi ${recipientName.trim()},` : 'Hi,';
  const why =
    reason === 'asked'
      ? `You asked for ${card.name}'s business card on ${theirCardPage(card.pronouns)} on ${PRODUCT}, so here it is.`
      : `${card.name} sent you ${theirBusinessCard(card.pronouns)} through ${PRODUCT}.`;
  const intro = `${why} It is attached as ${vCard.fileName}: open it to add ${card.name} to your phone's contacts.`;
  const online = `The card on the web: ${cardUrl}`;
  const next = nextStep(invitation, card.name);
  const notYou =
    reason === 'asked'
      ? `If you did not ask for it, someone typed your address on that page: you can ignore this e-mail.`
      : null;
  return {
    to,
    replyTo: card.email,
    // Nothing a member typed goes into the Subject: it is what a mail relay for phishing would need.
    subject: `A business card for you, through ${PRODUCT}`,
    text: [
      greeting,
      '',
      intro,
      '',
      ...alignedText(cardLines(card)),
      '',
      online,
      ...(next ? ['', next.text, next.link] : []),
      '',
      `Reply to this e-mail to write to ${card.name}.`,
      ...(notYou ? ['', notYou] : []),
    ].join('\n'),
    html: layout([
      escapeHtml(greeting),
      escapeHtml(intro),
      framedHtml(cardLines(card)),
      `The card on the web: <a href="${escapeHtml(cardUrl)}">${escapeHtml(cardUrl)}</a>`,
      ...(next ? [`${escapeHtml(next.text)}<br><a href="${escapeHtml(next.link)}">${next.label}</a>`] : []),
      `Reply to this e-mail to write to ${escapeHtml(card.name)}.`,
      ...(notYou ? [escapeHtml(notYou)] : []),
    ]),
    attachments: [
      { filename: vCard.fileName, content: vCard.content, contentType: 'text/vcard; charset=utf-8' },
    ],
  };
}

const SOURCE_WORDS = {
  nfc: 'tapped your card',
  qr: 'scanned your QR code',
  link: 'opened your card link',
  other: 'opened your card',
} as const;

/** Tells a member that a visitor of their card page shared their details (issue 26). */
export function sharedDetailsMail(options: {
  to: string;
  ownerName: string;
  person: { name: string; email: string; phone: string; company: string; role: string; note: string };
  source: keyof typeof SOURCE_WORDS;
  contactsUrl: string;
}): MailMessage {
  const { to, ownerName, person, source, contactsUrl } = options;
  const lines = [
    { label: 'Name', value: person.name },
    { label: 'Role', value: person.role },
    { label: 'Company', value: person.company },
    { label: 'E-mail', value: person.email },
    { label: 'Phone', value: person.phone },
    { label: 'Note', value: person.note },
  ].filter(({ value }) => value !== '');
  const intro = `Someone who ${SOURCE_WORDS[source]} shared their details with you. They are in your ${PRODUCT} contacts now, marked "Shared with you".`;
  return {
    to,
    // What the visitor typed stays out of the Subject, as with every mail a stranger can cause.
    subject: `Someone shared their details with you on ${PRODUCT}`,
    text: [
      `Hi ${ownerName},`,
      '',
      intro,
      '',
      ...alignedText(lines),
      '',
      'Open your contacts:',
      contactsUrl,
      '',
      'You can turn these e-mails off in Notification Settings.',
    ].join('\n'),
    html: layout([
      `Hi ${escapeHtml(ownerName)},`,
      escapeHtml(intro),
      framedHtml(lines),
      `<a href="${escapeHtml(contactsUrl)}">Open your contacts</a>`,
      'You can turn these e-mails off in Notification Settings.',
    ]),
  };
}

/**
 * Mail to someone who is not a member carries the link that stops all such mail: in the text, and as
 * List-Unsubscribe headers that mail clients show as a button and post to in one click (RFC 8058).
 */
export function withUnsubscribeLink(message: MailMessage, link: string): MailMessage {
  const words = `You got this because a ${PRODUCT} member sent it to this address. Never e-mail me again:`;
  const footer = `<p style="color:#6b7280;font-size:13px">${escapeHtml(words)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return {
    ...message,
    text: `${message.text}\n\n--\n${words}\n${link}`,
    html: message.html.replace('</body>', `${footer}</body>`),
    headers: {
      ...message.headers,
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

// --- Account security notices (sign-in alerts, e-mail change) ---

/** Text and HTML from the same paragraphs; `link` becomes a link in the HTML part. */
function notice(to: string, subject: string, paragraphs: string[], link?: { label: string; url: string }) {
  const text = link ? [...paragraphs, link.url] : paragraphs;
  const html = paragraphs.map(escapeHtml);
  if (link) html.push(`<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`);
  return { to, subject, text: text.join('\n\n'), html: layout(html) } satisfies MailMessage;
}

export function loginAttemptsAlertMail(to: string, name: string, resetLink: string): MailMessage {
  return notice(
    to,
    `Many failed sign-in attempts on your ${PRODUCT} account`,
    [
      `Hi ${name},`,
      `Someone has tried many wrong passwords on your ${PRODUCT} account, from several places. Your account is not locked: you can still sign in, though it may take a little longer while the attempts go on.`,
      'If this was not you, choose a new, strong password that you use nowhere else:',
    ],
    { label: 'Choose a new password', url: resetLink },
  );
}

export function emailChangeCodeMail(
  to: string,
  name: string,
  code: string,
  validMinutes: number,
): MailMessage {
  return notice(to, `Your ${PRODUCT} e-mail change code`, [
    `Hi ${name},`,
    `To make this address the sign-in e-mail of your ${PRODUCT} account, enter this code on your account page:`,
    `    ${code}`,
    `It is valid for ${validMinutes} minutes.`,
    'If you did not ask for this, ignore this e-mail: nothing changes.',
  ]);
}

export function emailChangeRequestedMail(
  to: string,
  name: string,
  newEmail: string,
  resetLink: string,
): MailMessage {
  return notice(
    to,
    `A change of your ${PRODUCT} sign-in e-mail was requested`,
    [
      `Hi ${name},`,
      `Someone signed in to your ${PRODUCT} account asked to change its sign-in e-mail to ${newEmail}. It changes only once a code sent to that address is entered; until then you keep signing in with this address.`,
      'If this was not you, choose a new password now; that also ends every session:',
    ],
    { label: 'Choose a new password', url: resetLink },
  );
}

export function emailChangedMail(to: string, name: string, newEmail: string): MailMessage {
  return notice(to, `Your ${PRODUCT} sign-in e-mail was changed`, [
    `Hi ${name},`,
    `The sign-in e-mail of your ${PRODUCT} account is now ${newEmail}. This address no longer signs in.`,
    `If this was not you, write to the ${PRODUCT} team at once from this address.`,
  ]);
}

export function webhookDisabledMail(options: {
  to: string;
  name: string;
  url: string;
  failures: number;
  settingsLink: string;
}): MailMessage {
  const { to, name, url, failures, settingsLink } = options;
  return notice(
    to,
    `A ${PRODUCT} webhook was turned off`,
    [
      `Hi ${name},`,
      `${PRODUCT} could not deliver events to your webhook ${url} ${failures} times in a row, so it has stopped sending to it. Events from now on are kept, not sent.`,
      'Once the receiver works again, turn the webhook back on in Settings: the events kept are sent then. Its delivery log shows the errors.',
    ],
    { label: 'Open your webhooks', url: settingsLink },
  );
}
