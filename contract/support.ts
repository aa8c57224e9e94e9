// The admin's support tools (issue 30 point 3): find a member by e-mail or Card ID, see their card,
// verification, sessions and last activity (never an address), and act for them: resend a verification
// code, unlink a card, move it to a replacement, disable and enable the account. Every action takes a
// reason and is written to the audit log with the operator (docs/operations.md "Support").
import { z } from 'zod';
import { isCardId, NfcUidSchema } from './card';
import { defineEndpoint } from './endpoint';
import { type AuditEntry, AuditEntrySchema } from './security';

const TimestampSchema = z.iso.datetime({ offset: true });

export const SupportLookupQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Enter an e-mail address or a Card ID')
    .max(254, 'Enter an e-mail address or a Card ID')
    .refine((query) => query.includes('@') || isCardId(query), 'Enter an e-mail address or a Card ID'),
});

export const SupportMemberParamsSchema = z.object({ userId: z.uuid('Member not found') });

export const SUPPORT_REASON_MAX = 500;

export const SupportReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Please give a reason (at least 3 characters)')
    .max(SUPPORT_REASON_MAX, `The reason must be at most ${SUPPORT_REASON_MAX} characters`),
});

export const ReplaceCardRequestSchema = SupportReasonSchema.extend({ newCardId: NfcUidSchema });

/** What the admin sees of a member: no address, no contacts, no password. */
export const SupportMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: TimestampSchema,
  /** Set while the account is disabled. */
  disabledAt: TimestampSchema.nullable(),
  /** The NFC card linked now, if any. */
  card: z.object({ nfcUID: z.string(), claimedAt: TimestampSchema.nullable() }).nullable(),
  /** The member's current card link handle (/c/<handle>). */
  cardLink: z.string().nullable(),
  sessions: z.object({
    /** Sessions not ended (signed in, not signed out or expired). */
    active: z.number().int(),
    /** The latest request of any session. */
    lastSeenAt: TimestampSchema.nullable(),
  }),
  /** The latest sign-in or request, whichever came last. */
  lastActivityAt: TimestampSchema.nullable(),
  /** Support actions taken for this member, newest first (at most 20). */
  history: z.array(AuditEntrySchema),
});
export type SupportMember = z.infer<typeof SupportMemberSchema>;

/** Every support call needs the admin's token. */
const admin = { auth: 'admin' } as const;

const memberAction = (path: string, summary: string) =>
  ({
    ...admin,
    method: 'POST',
    path: `/api/admin/support/members/:userId/${path}`,
    summary,
    params: SupportMemberParamsSchema,
    responses: { 200: SupportMemberSchema },
  }) as const;

export const SupportEndpoints = {
  findMember: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/admin/support/members',
    summary:
      'Finds the member with this e-mail address, or holding this Card ID (or the card it was replaced by).',
    query: SupportLookupQuerySchema,
    responses: { 200: SupportMemberSchema },
    errors: ['MEMBER_NOT_FOUND'],
  }),
  resendCode: defineEndpoint({
    ...memberAction('resend-code', 'Sends an unverified member a new verification code.'),
    body: SupportReasonSchema,
    errors: ['MEMBER_NOT_FOUND', 'ALREADY_VERIFIED', 'RATE_LIMITED'],
  }),
  unlinkCard: defineEndpoint({
    ...memberAction('unlink-card', 'Unlinks the member’s card; it can be activated again.'),
    body: SupportReasonSchema,
    errors: ['MEMBER_NOT_FOUND', 'NO_CARD_LINKED'],
  }),
  replaceCard: defineEndpoint({
    ...memberAction(
      'replace-card',
      'Moves the member to a new, unclaimed card; the old Card ID then says it was replaced and is never activated again.',
    ),
    body: ReplaceCardRequestSchema,
    errors: ['MEMBER_NOT_FOUND', 'NO_CARD_LINKED', 'CARD_NOT_FOUND', 'CARD_TAKEN'],
  }),
  disable: defineEndpoint({
    ...memberAction(
      'disable',
      'Disables the account: its tokens, refresh and app passwords are refused at once, its card says it is unavailable.',
    ),
    body: SupportReasonSchema,
    errors: ['MEMBER_NOT_FOUND', 'ACCOUNT_ALREADY_DISABLED'],
  }),
  enable: defineEndpoint({
    ...memberAction('enable', 'Enables a disabled account again; the member signs in anew.'),
    body: SupportReasonSchema,
    errors: ['MEMBER_NOT_FOUND', 'ACCOUNT_NOT_DISABLED'],
  }),
};

/** The support actions as the audit log names them, and the words both dashboards show for them. */
export const SUPPORT_ACTION_WORDS = {
  SUPPORT_RESEND_CODE: 'Resent verification code',
  SUPPORT_UNLINK_CARD: 'Unlinked card',
  SUPPORT_REPLACE_CARD: 'Moved to replacement card',
  SUPPORT_DISABLE: 'Disabled account',
  SUPPORT_ENABLE: 'Enabled account',
} as const satisfies Partial<Record<AuditEntry['action'], string>>;

export const supportEndpoints = Object.values(SupportEndpoints);
