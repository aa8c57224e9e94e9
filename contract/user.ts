// The signed-in member's own account (spec §3 Account, §7 User).
import { z } from 'zod';
import { BusinessCardSchema, BusinessCardViewSchema, UpdateProfileRequestSchema } from './card';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';

export const AccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  nfcUID: z.string().nullable(),
  joined: z.string(),
  businessCard: BusinessCardViewSchema.nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Spec §3 Notification settings: opting out stops every e-mail that is not needed to use the account. */
export const NotificationSettingsSchema = z.object({ emailOptOut: z.boolean() });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** A member's contacts as a file: every contact in one vCard file, or one CSV table. */
export const ContactExportFormatSchema = z.enum(['vcf', 'csv']);
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
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
});

export const UpdateProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/updateProfile',
  summary:
    'Changes name, e-mail or the linked card (`nfcUID: null` unlinks it); answers the updated account.',
  auth: 'member',
  body: UpdateProfileRequestSchema,
  responses: { 200: AccountSchema },
  errors: ['ACCOUNT_NOT_FOUND', 'EMAIL_TAKEN', 'CARD_NOT_FOUND', 'CARD_TAKEN'],
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
  responses: { 200: NotificationSettingsSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
});

const deleteAccount = {
  method: 'DELETE',
  summary: 'Deletes the account and all of its data for good.',
  auth: 'member',
  responses: { 200: MessageResponseSchema },
  errors: ['ACCOUNT_NOT_FOUND'],
} as const;

/** Spec §7 names one call per screen (account management, the delete-account page); both do the same. */
export const DeleteAccountEndpoints = {
  'account-settings': defineEndpoint({ ...deleteAccount, path: '/api/user/delete-account' }),
  'delete-account-page': defineEndpoint({ ...deleteAccount, path: '/api/user/delete' }),
};

const contactExport = { method: 'GET', auth: 'member', errors: [] } as const;

export const ContactExportEndpoints = {
  vcf: defineEndpoint({
    ...contactExport,
    path: '/api/user/export/contacts.vcf',
    summary: 'Every contact in one vCard file.',
    responses: { 200: z.string() },
    produces: 'text/vcard',
  }),
  csv: defineEndpoint({
    ...contactExport,
    path: '/api/user/export/contacts.csv',
    summary: 'Every contact as one CSV table.',
    responses: { 200: z.string() },
    produces: 'text/csv',
  }),
} satisfies Record<ContactExportFormat, unknown>;

export const userEndpoints = [
  GetAccountEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
  GetNotificationSettingsEndpoint,
  SaveNotificationSettingsEndpoint,
  ...Object.values(DeleteAccountEndpoints),
  ...Object.values(ContactExportEndpoints),
];
