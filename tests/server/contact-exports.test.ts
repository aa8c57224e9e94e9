// The Google Contacts and Outlook CSV exports, read back with csv-parse (a reader no one on the project
// wrote): exactly the headers those products write in their own exports, and a row per contact in them.
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
} from './helpers';

/** Google Contacts' own CSV export ("Google CSV"), the columns Tapnet fills or leaves empty. */
const GOOGLE_HEADERS = [
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
];

/** The header row of Outlook's CSV export and import template, in order (English Outlook). */
const OUTLOOK_HEADERS =
  "First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address,E-mail 2 Address,E-mail 3 Address,Home Phone,Home Phone 2,Business Phone,Business Phone 2,Mobile Phone,Car Phone,Other Phone,Primary Phone,Pager,Business Fax,Home Fax,Other Fax,Company Main Phone,Callback,Radio Phone,Telex,TTY/TDD Phone,IMAddress,Job Title,Department,Company,Office Location,Manager's Name,Assistant's Name,Assistant's Phone,Company Yomi,Business Street,Business City,Business State,Business Postal Code,Business Country/Region,Home Street,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,Other City,Other State,Other Postal Code,Other Country/Region,Personal Web Page,Spouse,Schools,Hobby,Location,Web Page,Birthday,Anniversary,Notes".split(
    ',',
  );

function read(body: string, { bom }: { bom: boolean }) {
  const records = parse(body, { bom, columns: true, relax_column_count: false }) as Record<string, string>[];
  const [header] = parse(body, { bom, to_line: 1 }) as string[][];
  return { header, records };
}

describeOnEachDatabase('contact exports for Google Contacts and Outlook', (t: () => TestContext) => {
  async function memberWithContacts() {
    const member = await createMember(t());
    for (const card of [
      {
        name: 'Grace Brewster Hopper',
        email: 'grace@example.com',
        company: 'US Navy',
        role: 'Rear Admiral',
        phone: '+1 555 0100',
      },
      {
        name: 'Plato',
        email: 'plato@example.com',
        company: '',
        role: '',
        phone: '',
        linkedinURL: '',
        additionalURL: '',
      },
    ]) {
      const owner = await createMemberWithCard(t(), card);
      const saved = await t().app.inject({
        method: 'POST',
        url: '/api/contact/create',
        headers: bearer(member.accessToken),
        payload: { nfcUID: owner.nfcUID, ...(card.name === 'Plato' ? {} : { lat: 45.764, lng: 4.8357 }) },
      });
      const contactId = json<{ contact: { _id: string } }>(saved).contact._id;
      if (card.name === 'Plato') {
        await t().app.inject({
          method: 'PUT',
          url: `/api/contact/${contactId}`,
          headers: bearer(member.accessToken),
          payload: { notes: '=HYPERLINK("x") and, "quotes"' },
        });
      }
    }
    return member;
  }

  const download = (token: string, file: string) =>
    t().app.inject({ method: 'GET', url: `/api/user/export/${file}`, headers: bearer(token) });

  it('writes Google Contacts’ own headers, a row per contact, and the label Tapnet', async () => {
    const member = await memberWithContacts();
    const response = await download(member.accessToken, 'google-contacts.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tapnet-google-contacts.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(false);
    const { header, records } = read(response.body, { bom: false });
    expect(header).toEqual(GOOGLE_HEADERS);
    expect(records).toHaveLength(2);
    const [grace, plato] = records;
    expect(grace).toMatchObject({
      Name: 'Grace Brewster Hopper',
      'Given Name': 'Grace Brewster',
      'Family Name': 'Hopper',
      'Group Membership': 'Tapnet ::: * myContacts',
      'E-mail 1 - Type': '* Work',
      'E-mail 1 - Value': 'grace@example.com',
      'Phone 1 - Type': 'Mobile',
      'Phone 1 - Value': '+1 555 0100',
      'Organization 1 - Name': 'US Navy',
      'Organization 1 - Title': 'Rear Admiral',
      'Website 1 - Type': 'Profile',
      'Website 1 - Value': 'https://linkedin.com/in/ada',
      'Website 2 - Value': 'https://ada.example.com',
    });
    expect(grace?.Notes).toMatch(/^Pronouns: she\/her\nMet near Lyon, France, on \d{4}-\d{2}-\d{2}$/);
    expect(plato).toMatchObject({
      Name: 'Plato',
      'Given Name': 'Plato',
      'Family Name': '',
      'Phone 1 - Value': '',
    });
    // A formula is never run by a spreadsheet that opens the file.
    expect(plato?.Notes).toMatch(/^'=HYPERLINK\("x"\) and, "quotes"\n/);
  });

  it('writes Outlook’s English headers in its order, with a byte-order mark for its importer', async () => {
    const member = await memberWithContacts();
    const response = await download(member.accessToken, 'outlook-contacts.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tapnet-outlook-contacts.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const { header, records } = read(response.body, { bom: true });
    expect(header).toEqual(OUTLOOK_HEADERS);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      'First Name': 'Grace Brewster',
      'Last Name': 'Hopper',
      'E-mail Address': 'grace@example.com',
      'Mobile Phone': '+1 555 0100',
      'Job Title': 'Rear Admiral',
      Company: 'US Navy',
      'Personal Web Page': 'https://linkedin.com/in/ada',
      'Web Page': 'https://ada.example.com',
      'Business Phone': '',
    });
    expect(records[0]?.Notes).toContain('Met near Lyon, France, on ');
  });
});
