// The signed-in member's own account (spec §3 Account, §7 User).
import { z } from 'zod';
import { BusinessCardViewSchema } from './card';

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

export function contactExportPath(format: ContactExportFormat): string {
  return `/api/user/export/contacts.${format}`;
}

export const ACCOUNT_DELETED_MESSAGE = 'Your account and all of its data have been deleted.';
