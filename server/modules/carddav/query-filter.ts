// The filter of an addressbook-query REPORT (RFC 6352 §10.5): property filters with text matches over
// a contact's vCard properties, compared case-insensitively (the i;unicode-casemap collation, which
// covers i;ascii-casemap's answers too).
import type { Contact } from '../../../contract/contacts';
import { withScheme } from '../../platform/vcard';
import { noteForOtherApps } from '../contacts';
import { categoriesOf } from './address-book';
import { CARDDAV, child, childrenNamed, type XmlElement } from './dav-xml';

/** The values a contact's vCard holds per property name. */
function propertyValues(contact: Contact): Record<string, string[]> {
  const present = (...values: string[]) => values.filter(Boolean);
  return {
    FN: present(contact.name),
    N: present(contact.name),
    ORG: present(contact.company),
    TITLE: present(contact.role),
    EMAIL: present(contact.email),
    TEL: present(contact.phone),
    URL: present(
      contact.linkedinURL && withScheme(contact.linkedinURL),
      contact.additionalURL && withScheme(contact.additionalURL),
    ),
    NOTE: present(noteForOtherApps(contact)),
    UID: [contact._id],
    CATEGORIES: categoriesOf(contact),
  };
}

function textMatches(value: string, match: XmlElement): boolean {
  const wanted = match.text.toLocaleLowerCase();
  const text = value.toLocaleLowerCase();
  const type = attributeOf(match, 'match-type') ?? 'contains';
  const isMatch =
    type === 'equals'
      ? text === wanted
      : type === 'starts-with'
        ? text.startsWith(wanted)
        : type === 'ends-with'
          ? text.endsWith(wanted)
          : text.includes(wanted);
  return attributeOf(match, 'negate-condition') === 'yes' ? !isMatch : isMatch;
}

function attributeOf(element: XmlElement, name: string): string | undefined {
  return element.attributes[name];
}

function combine(test: string | undefined, results: boolean[]): boolean {
  return test === 'allof' ? results.every(Boolean) : results.some(Boolean);
}

function propFilterMatches(values: Record<string, string[]>, filter: XmlElement): boolean {
  const found = values[(attributeOf(filter, 'name') ?? '').toUpperCase()] ?? [];
  if (child(filter, CARDDAV, 'is-not-defined')) return found.length === 0;
  const matches = childrenNamed(filter, CARDDAV, 'text-match');
  // A filter naming only the property asks whether the contact has it; parameter filters are not
  // checked (Tapnet's cards carry no parameters a client would search by).
  if (matches.length === 0) return found.length > 0;
  return combine(
    attributeOf(filter, 'test'),
    matches.map((match) =>
      attributeOf(match, 'negate-condition') === 'yes'
        ? found.every((value) => textMatches(value, match))
        : found.some((value) => textMatches(value, match)),
    ),
  );
}

/** Whether `contact` passes the query's filter element (none: every contact does). */
export function passesFilter(contact: Contact, filter: XmlElement | undefined): boolean {
  const propFilters = childrenNamed(filter, CARDDAV, 'prop-filter');
  if (!filter || propFilters.length === 0) return true;
  const values = propertyValues(contact);
  return combine(
    attributeOf(filter, 'test'),
    propFilters.map((propFilter) => propFilterMatches(values, propFilter)),
  );
}
