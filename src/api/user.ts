// The signed-in member's account (spec §7 User).
import type { BusinessCardInput, UpdateProfileRequest } from '../../contract/card';
import {
  CancelEmailChangeEndpoint,
  ChangeCardLinkEndpoint,
  ConfirmEmailChangeEndpoint,
  ContactExportEndpoints,
  type ContactExportFormat,
  DeleteAccountEndpoints,
  type DeleteAccountRequest,
  type EmailChangeRequest,
  GetAccountEndpoint,
  GetNotificationSettingsEndpoint,
  StartEmailChangeEndpoint,
  UpdateBusinessCardEndpoint,
  UpdateProfileEndpoint,
} from '../../contract/user';
import { callEndpoint, callForAnswer } from './client';
import { type DownloadedFile, readDownloadedFile } from './downloaded-file';
import { endpointResource } from './resource-fetch';

/** Spec §9: the app-start session check gives the account call this long. */
export const ACCOUNT_CHECK_TIMEOUT_MS = 15_000;

export function fetchAccount(options: { timeoutMs?: number } = {}) {
  return callEndpoint(GetAccountEndpoint, options);
}

/** The spec names no lifetime: each screen that shows the account asks again; the copy serves offline. */
export const ACCOUNT_LIFETIME_MS = 0;
export const AccountResource = endpointResource('account', GetAccountEndpoint, ACCOUNT_LIFETIME_MS);

/** Spec §4: the my-card Save Changes sends the card fields; the answer is the updated account. */
export function updateBusinessCard(card: BusinessCardInput) {
  return callEndpoint(UpdateBusinessCardEndpoint, { json: card });
}

/** Name and the linked card (`nfcUID: null` unlinks it); the answer is the updated account. */
export function updateProfile(changes: UpdateProfileRequest) {
  return callEndpoint(UpdateProfileEndpoint, { json: changes });
}

/** Makes `handle` the member's card link (/c/<handle>); the answer is the updated account. */
export function changeCardLink(handle: string) {
  return callEndpoint(ChangeCardLinkEndpoint, { json: { handle } });
}

/** Sends a code to the new address (the current password proves it is the member asking). */
export function startEmailChange(request: EmailChangeRequest) {
  return callEndpoint(StartEmailChangeEndpoint, { json: request });
}

/** The code from the new address switches the sign-in e-mail; the answer is the updated account. */
export function confirmEmailChange(code: string) {
  return callEndpoint(ConfirmEmailChangeEndpoint, { json: { code } });
}

export function cancelEmailChange() {
  return callEndpoint(CancelEmailChangeEndpoint);
}

/**
 * The spec names no lifetime: the settings screen asks on every visit. Offline it shows the last copy,
 * and a change waits in the pending-writes queue (issue 24).
 */
export const NOTIFICATION_SETTINGS_LIFETIME_MS = 0;
export const NotificationSettingsResource = endpointResource(
  'notification-settings',
  GetNotificationSettingsEndpoint,
  NOTIFICATION_SETTINGS_LIFETIME_MS,
);

/**
 * Deletes the account and everything in it for good, once the current password proves it is the member.
 * The spec names two calls, one per screen (account management and the delete-account page); both do
 * the same.
 */
export function deleteAccount(from: keyof typeof DeleteAccountEndpoints, request: DeleteAccountRequest) {
  return callEndpoint(DeleteAccountEndpoints[from], { json: request });
}

/** The name a download gets when the answer names none. */
const EXPORT_FILE_NAMES: Record<ContactExportFormat, string> = {
  vcf: 'tapnet-contacts.vcf',
  csv: 'tapnet-contacts.csv',
  'google-csv': 'tapnet-google-contacts.csv',
  'outlook-csv': 'tapnet-outlook-contacts.csv',
};

/**
 * The member's contacts in one file: vCard for address books, CSV for spreadsheets, and the CSV tables
 * Google Contacts and Outlook import as they are; all of them, or only those tagged with `event`.
 */
export async function downloadContactsExport(
  format: ContactExportFormat,
  event?: string,
): Promise<DownloadedFile> {
  const answer = await callForAnswer(ContactExportEndpoints[format], { query: event ? { event } : {} });
  return readDownloadedFile(answer, EXPORT_FILE_NAMES[format]);
}
