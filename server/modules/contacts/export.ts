// GET /api/user/export(/vcf): the member's own contacts in one file. Registered by contacts, which owns
// the list, under the path the contract gives it in the user's area.
import type { Kysely } from 'kysely';
import { CARD_DETAIL_FIELDS } from '../../../contract/card-paths';
import type { Contact } from '../../../contract/contacts';
import type { ContactExportFormat } from '../../../contract/user';
import { toCsv } from '../../platform/csv';
import type { Database } from '../../platform/db/schema';
import { toVCard } from '../../platform/vcard';
import { listContacts } from './queries';

const CSV_COLUMNS = [
  'name',
  'pronouns',
  ...CARD_DETAIL_FIELDS,
  'notes',
  'isFlagged',
  'connectedAt',
  'event',
  'lat',
  'lng',
  'nfcUID',
] as const satisfies readonly (keyof Contact)[];

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/**
 * The member's own contacts, oldest first as in an address book import, in one file; with `event`, only
 * the contacts tagged with it.
 */
export async function exportContacts(
  db: Kysely<Database>,
  userId: string,
  format: ContactExportFormat,
  event?: string,
): Promise<ExportFile> {
  const all = (await listContacts(db, userId)).reverse();
  const contacts = event === undefined ? all : all.filter((contact) => contact.event === event);
  if (format === 'vcf') {
    return {
      fileName: 'tapnet-contacts.vcf',
      contentType: 'text/vcard; charset=utf-8',
      body: contacts.map(toVCard).join(''),
    };
  }
  const rows = contacts.map((contact) => CSV_COLUMNS.map((column) => String(contact[column] ?? '')));
  return {
    fileName: 'tapnet-contacts.csv',
    contentType: 'text/csv; charset=utf-8',
    // The byte-order mark is how Excel knows the file is UTF-8 (names with accents stay readable).
    body: `\uFEFF${toCsv(CSV_COLUMNS, rows)}`,
  };
}
