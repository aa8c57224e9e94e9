// Contacts as the CSV tables Google Contacts and Outlook import without a mapping step: exactly the
// column headers those products write in their own exports and read back (market-2026 §4). Columns
// Tapnet has nothing for stay empty; a header Google or Outlook does not know would be dropped or
// misread on import, so none is added.
import type { Contact } from '../../../contract/contacts';
import { nameParts, withScheme } from '../../platform/vcard';
import { noteForOtherApps } from './meeting-note';

export interface CsvTable {
  header: readonly string[];
  rows: string[][];
}

/** Google's label for everyone imported from Tapnet, with its own "My Contacts" group. */
const GOOGLE_GROUPS = 'Tapnet ::: * myContacts';

/** Google Contacts' CSV ("Google CSV"): numbered fields, each with a type and a value. */
export const GOOGLE_CONTACTS_HEADER = [
  'Name',
  'Given Name',
  'Additional Name',
  'Family Name',
  'Name Prefix',
  'Name Suffix',
  'Nickname',
  'Birthday',
  'Notes',
  'Group Membership',
  'E-mail 1 - Type',
  'E-mail 1 - Value',
  'Phone 1 - Type',
  'Phone 1 - Value',
  'Organization 1 - Type',
  'Organization 1 - Name',
  'Organization 1 - Title',
  'Website 1 - Type',
  'Website 1 - Value',
  'Website 2 - Type',
  'Website 2 - Value',
] as const;

type GoogleColumn = (typeof GOOGLE_CONTACTS_HEADER)[number];

/** The columns of one contact that hold something; every other column is empty. */
function googleRow(contact: Contact): Partial<Record<GoogleColumn, string>> {
  const { given, family } = nameParts(contact.name);
  const websites = [
    { type: 'Profile', url: contact.linkedinURL },
    { type: 'Work', url: contact.additionalURL },
  ]
    .filter(({ url }) => url !== '')
    .map(({ type, url }) => ({ type, value: withScheme(url) }));
  return {
    Name: contact.name,
    'Given Name': given,
    'Family Name': family,
    Notes: noteForOtherApps(contact),
    'Group Membership': GOOGLE_GROUPS,
    ...(contact.email ? { 'E-mail 1 - Type': '* Work', 'E-mail 1 - Value': contact.email } : {}),
    ...(contact.phone ? { 'Phone 1 - Type': 'Mobile', 'Phone 1 - Value': contact.phone } : {}),
    'Organization 1 - Name': contact.company,
    'Organization 1 - Title': contact.role,
    ...(websites[0] ? { 'Website 1 - Type': websites[0].type, 'Website 1 - Value': websites[0].value } : {}),
    ...(websites[1] ? { 'Website 2 - Type': websites[1].type, 'Website 2 - Value': websites[1].value } : {}),
  };
}

/** Outlook's CSV: the English headers of its "Comma Separated Values" export and import template. */
export const OUTLOOK_CONTACTS_HEADER = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  'Given Yomi',
  'Surname Yomi',
  'E-mail Address',
  'E-mail 2 Address',
  'E-mail 3 Address',
  'Home Phone',
  'Home Phone 2',
  'Business Phone',
  'Business Phone 2',
  'Mobile Phone',
  'Car Phone',
  'Other Phone',
  'Primary Phone',
  'Pager',
  'Business Fax',
  'Home Fax',
  'Other Fax',
  'Company Main Phone',
  'Callback',
  'Radio Phone',
  'Telex',
  'TTY/TDD Phone',
  'IMAddress',
  'Job Title',
  'Department',
  'Company',
  'Office Location',
  "Manager's Name",
  "Assistant's Name",
  "Assistant's Phone",
  'Company Yomi',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Business Country/Region',
  'Home Street',
  'Home City',
  'Home State',
  'Home Postal Code',
  'Home Country/Region',
  'Other Street',
  'Other City',
  'Other State',
  'Other Postal Code',
  'Other Country/Region',
  'Personal Web Page',
  'Spouse',
  'Schools',
  'Hobby',
  'Location',
  'Web Page',
  'Birthday',
  'Anniversary',
  'Notes',
] as const;

type OutlookColumn = (typeof OUTLOOK_CONTACTS_HEADER)[number];

function outlookRow(contact: Contact): Partial<Record<OutlookColumn, string>> {
  const { given, family } = nameParts(contact.name);
  return {
    'First Name': given,
    'Last Name': family,
    'E-mail Address': contact.email,
    'Mobile Phone': contact.phone,
    'Job Title': contact.role,
    Company: contact.company,
    // The LinkedIn profile is the person's own page; the other link is usually their company's.
    'Personal Web Page': contact.linkedinURL && withScheme(contact.linkedinURL),
    'Web Page': contact.additionalURL && withScheme(contact.additionalURL),
    Notes: noteForOtherApps(contact),
  };
}

function table<Column extends string>(
  header: readonly Column[],
  contacts: Contact[],
  rowOf: (contact: Contact) => Partial<Record<Column, string>>,
): CsvTable {
  return {
    header,
    rows: contacts.map((contact) => {
      const row = rowOf(contact);
      return header.map((column) => row[column] ?? '');
    }),
  };
}

export function googleContactsTable(contacts: Contact[]): CsvTable {
  return table(GOOGLE_CONTACTS_HEADER, contacts, googleRow);
}

export function outlookContactsTable(contacts: Contact[]): CsvTable {
  return table(OUTLOOK_CONTACTS_HEADER, contacts, outlookRow);
}
