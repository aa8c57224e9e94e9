// GET /api/user/export/*: the member's own contacts in one file. Registered by contacts, which owns
// the list, under the path the contract gives it in the user's area.
import type { Kysely } from 'kysely';
import { CARD_DETAIL_FIELDS } from '../../../contract/card-paths';
import type { Contact } from '../../../contract/contacts';
import type { ContactExportFormat } from '../../../contract/user';
import { toCsv } from '../../platform/csv';
import type { Database } from '../../platform/db/schema';
import { toVCard } from '../../platform/vcard';
import { googleContactsTable, outlookContactsTable } from './address-book-csv';
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

/** The byte-order mark is how Excel and Outlook know the file is UTF-8 (names with accents stay readable). */
const BOM = '\uFEFF';
const CSV_TYPE = 'text/csv; charset=utf-8';

function exportFile(format: ContactExportFormat, contacts: Contact[]): ExportFile {
  switch (format) {
    case 'vcf':
      return {
        fileName: 'tapnet-contacts.vcf',
        contentType: 'text/vcard; charset=utf-8',
        body: contacts.map((contact) => toVCard(contact)).join(''),
      };
    case 'csv': {
      const rows = contacts.map((contact) => CSV_COLUMNS.map((column) => String(contact[column] ?? '')));
      return {
        fileName: 'tapnet-contacts.csv',
        contentType: CSV_TYPE,
        body: `${BOM}${toCsv(CSV_COLUMNS, rows)}`,
      };
    }
    case 'google-csv': {
      // Google's own export has no byte-order mark, and its importer reads UTF-8 without one.
      const { header, rows } = googleContactsTable(contacts);
      return { fileName: 'tapnet-google-contacts.csv', contentType: CSV_TYPE, body: toCsv(header, rows) };
    }
    case 'outlook-csv': {
      const { header, rows } = outlookContactsTable(contacts);
      return {
        fileName: 'tapnet-outlook-contacts.csv',
        contentType: CSV_TYPE,
        body: `${BOM}${toCsv(header, rows)}`,
      };
    }
  }
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
  return exportFile(format, event === undefined ? all : all.filter((contact) => contact.event === event));
}
