// The signed-in member's own account (spec §3 Account, §7 User).
import { z } from 'zod';
import { BusinessCardSchema, BusinessCardViewSchema, UpdateProfileRequestSchema } from './card';
import { CARD_HANDLE_PATTERN } from './card-paths';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import { EmailSchema } from './fields';
import { IfMatchHeadersSchema } from './versions';

export const AccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  nfcUID: z.string().nullable(),
  /**
   * The member's card link is `/c/<cardHandle>`: their card with or without an NFC card (issue 26).
   * Absent from accounts cached before card links existed.
   */
  cardHandle: z.string().nullable().optional(),
  joined: z.string(),
  businessCard: BusinessCardViewSchema.nullable(),
  /** A new sign-in e-mail waiting for its code; the account still signs in with `email` meanwhile. */
  pendingEmail: z.string().nullable().optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Spec §3 Notification settings: opting out stops every e-mail that is not needed to use the account. */
export const NotificationSettingsSchema = z.object({ emailOptOut: z.boolean() });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * A member's contacts as a file: every contact in one vCard file, one CSV table, or a CSV table with the
 * column headers Google Contacts or Outlook read (docs/behaviour/contacts-in-other-apps.md).
 */
export const ContactExportFormatSchema = z.enum(['vcf', 'csv', 'google-csv', 'outlook-csv']);
export type ContactExportFormat = z.infer<typeof ContactExportFormatSchema>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account and all of its data have been deleted.';

export const GetAccountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/account',
  summary: 'The signed-in member’s account with their business card.',
  auth: 'member',
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
});

export const UpdateBusinessCardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/updateBusinessCard',
  summary: 'Saves the member’s business card; answers the updated account.',
  auth: 'member',
  body: BusinessCardSchema,
  headers: IfMatchHeadersSchema,
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'VERSION_CONFLICT'],
});

export const UpdateProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/updateProfile',
  summary:
    'Changes the name or the linked card (`nfcUID: null` unlinks it); answers the updated account. An `email` other than the current one is refused: the sign-in e-mail changes through /api/user/email-change.',
  auth: 'member',
  body: UpdateProfileRequestSchema,
  headers: IfMatchHeadersSchema,
  responses: { 200: AccountSchema },
  errors: [
    'VERSION_CONFLICT',
    'ACCOUNT_NOT_FOUND',
    'EMAIL_CHANGE_NEEDS_CONFIRMATION',
    'CARD_NOT_FOUND',
    'CARD_TAKEN',
    'RATE_LIMITED',
  ],
});

/** Lower-case letters, digits and dashes, 4 to 40 of them (the shape card-paths.ts recognises). */
export const ChangeCardLinkRequestSchema = z.object({
  handle: z
    .string()
    .trim()
    .toLowerCase()
    .min(4, 'Your card link must be at least 4 characters')
    .max(40, 'Your card link must be at most 40 characters')
    .regex(CARD_HANDLE_PATTERN, 'Use only letters, digits and dashes, not at the start or end'),
});
export type ChangeCardLinkRequest = z.input<typeof ChangeCardLinkRequestSchema>;

export const ChangeCardLinkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/card-link',
  summary:
    'Changes the member’s card link (/c/<handle>); links with the old handle keep opening the card. Answers the updated account.',
  auth: 'member',
  body: ChangeCardLinkRequestSchema,
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'CARD_LINK_TAKEN', 'RATE_LIMITED'],
});

export const EmailChangeRequestSchema = z.object({
  newEmail: EmailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequestSchema>;

export const EmailChangeConfirmSchema = z.object({
  code: z.string().regex(/^\d{6}$/, 'Please enter the 6-digit code'),
});
export type EmailChangeConfirm = z.input<typeof EmailChangeConfirmSchema>;

export const EmailChangeStartedSchema = z.object({ message: z.string(), pendingEmail: z.string() });
export type EmailChangeStarted = z.infer<typeof EmailChangeStartedSchema>;

export const StartEmailChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/email-change',
  summary:
    'Starts a change of the sign-in e-mail: needs the current password, sends a 6-digit code to the new address and tells the old one. Asking again sends a new code (not within 30 s).',
  auth: 'member',
  body: EmailChangeRequestSchema,
  responses: { 200: EmailChangeStartedSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'WRONG_PASSWORD', 'EMAIL_UNCHANGED', 'EMAIL_TAKEN', 'RATE_LIMITED'],
});

export const ConfirmEmailChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/email-change/confirm',
  summary:
    'Confirms the change with the code sent to the new address; the new address signs in from then on. Answers the updated account.',
  auth: 'member',
  body: EmailChangeConfirmSchema,
  responses: { 200: AccountSchema },
  errors: [
    'ACCOUNT_NOT_FOUND',
    'NO_EMAIL_CHANGE',
    'INVALID_CODE',
    'CODE_EXPIRED',
    'TOO_MANY_CODE_ATTEMPTS',
    'EMAIL_TAKEN',
    'RATE_LIMITED',
  ],
});

export const CancelEmailChangeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/user/email-change',
  summary: 'Drops a change of the sign-in e-mail that is waiting for its code. Answers the account.',
  auth: 'member',
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
});

export const GetNotificationSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/notification-settings',
  summary: 'Whether the member has opted out of e-mails.',
  auth: 'member',
  responses: { 200: NotificationSettingsSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
});

export const SaveNotificationSettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/notification-settings',
  summary: 'Opts in or out of e-mails.',
  auth: 'member',
  body: NotificationSettingsSchema,
  headers: IfMatchHeadersSchema,
  responses: { 200: NotificationSettingsSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'VERSION_CONFLICT'],
});

/** An access token alone does not delete an account: the member's current password proves it is them. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(200),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;

const deleteAccount = {
  method: 'DELETE',
  summary:
    'Deletes the account and all of its data for good; needs the current password. Wrong passwords count against the account like wrong sign-ins.',
  auth: 'member',
  body: DeleteAccountRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'WRONG_PASSWORD', 'RATE_LIMITED'],
} as const;

/** Spec §7 names one call per screen (account management, the delete-account page); both do the same. */
export const DeleteAccountEndpoints = {
  'account-settings': defineEndpoint({ ...deleteAccount, path: '/api/user/delete-account' }),
  'delete-account-page': defineEndpoint({ ...deleteAccount, path: '/api/user/delete' }),
};

const contactExport = {
  method: 'GET',
  auth: 'member',
  // ?event=Web Summit 2026: only the contacts tagged with that event (issue 27); nothing else is taken.
  query: z.strictObject({ event: z.string().trim().min(1).max(100).optional() }),
  errors: ['RATE_LIMITED'],
} as const;

export const ContactExportEndpoints = {
  vcf: defineEndpoint({
    ...contactExport,
    path: '/api/user/export/contacts.vcf',
    summary: 'Every contact (or those of one event: ?event=) in one vCard file.',
    responses: { 200: z.string() },
    produces: 'text/vcard',
  }),
  csv: defineEndpoint({
    ...contactExport,
    path: '/api/user/export/contacts.csv',
    summary: 'Every contact (or those of one event: ?event=) as one CSV table.',
    responses: { 200: z.string() },
    produces: 'text/csv',
  }),
  'google-csv': defineEndpoint({
    ...contactExport,
    path: '/api/user/export/google-contacts.csv',
    summary:
      'Every contact as a CSV table with the headers Google Contacts imports (Given Name, E-mail 1 - Value…).',
    responses: { 200: z.string() },
    produces: 'text/csv',
  }),
  'outlook-csv': defineEndpoint({
    ...contactExport,
    path: '/api/user/export/outlook-contacts.csv',
    summary: 'Every contact as a CSV table with the headers Outlook imports (First Name, E-mail Address…).',
    responses: { 200: z.string() },
    produces: 'text/csv',
  }),
} satisfies Record<ContactExportFormat, unknown>;

export const userEndpoints = [
  GetAccountEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
  ChangeCardLinkEndpoint,
  StartEmailChangeEndpoint,
  ConfirmEmailChangeEndpoint,
  CancelEmailChangeEndpoint,
  GetNotificationSettingsEndpoint,
  SaveNotificationSettingsEndpoint,
  ...Object.values(DeleteAccountEndpoints),
  ...Object.values(ContactExportEndpoints),
];
