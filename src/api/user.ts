// The signed-in member's account (spec §7 User).
import type { BusinessCardInput, UpdateProfileRequest } from '../../contract/card';
import { MessageResponseSchema } from '../../contract/errors';
import {
  AccountSchema,
  type ContactExportFormat,
  contactExportPath,
  type NotificationSettings,
  NotificationSettingsSchema,
} from '../../contract/user';
import { request, requestJson } from './client';

/** Spec §9: the app-start session check gives the account call this long. */
export const ACCOUNT_CHECK_TIMEOUT_MS = 15_000;

export function fetchAccount(options: { timeout?: number } = {}) {
  return requestJson('/api/user/account', AccountSchema, options);
}

/** Spec §4: the my-card Save Changes sends the card fields; the answer is the updated account. */
export function updateBusinessCard(card: BusinessCardInput) {
  return requestJson('/api/user/updateBusinessCard', AccountSchema, { method: 'post', json: card });
}

/** Name, e-mail and the linked card (`nfcUID: null` unlinks it); the answer is the updated account. */
export function updateProfile(changes: UpdateProfileRequest) {
  return requestJson('/api/user/updateProfile', AccountSchema, { method: 'post', json: changes });
}

export function fetchNotificationSettings() {
  return requestJson('/api/user/notification-settings', NotificationSettingsSchema);
}

export function updateNotificationSettings(settings: NotificationSettings) {
  return requestJson('/api/user/notification-settings', NotificationSettingsSchema, {
    method: 'post',
    json: settings,
  });
}

/**
 * Deletes the account and everything in it for good. The spec names two calls, one per screen
 * (account management and the delete-account page); both do the same.
 */
export function deleteAccount(from: 'account-settings' | 'delete-account-page') {
  const path = from === 'account-settings' ? '/api/user/delete-account' : '/api/user/delete';
  return requestJson(path, MessageResponseSchema, { method: 'delete' });
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return disposition.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/** All of the member's contacts in one file: vCard for address books, CSV for spreadsheets. */
export async function downloadContactsExport(format: ContactExportFormat): Promise<DownloadedFile> {
  const response = await request(contactExportPath(format));
  return { blob: await response.blob(), fileName: fileNameOf(response, `tapnet-contacts.${format}`) };
}
