// The note a contact carries into other address books: the member's own notes, the pronouns, and where
// and when they met, which other apps have no field for.
import type { Contact } from '../../../contract/contacts';

/** "Met at Web Summit 2026, near Lyon, France, on 2026-11-20"; the day in UTC, as the API's connectedAt is. */
export function meetingLine(contact: Pick<Contact, 'whereMet' | 'event' | 'connectedAt'>): string {
  const parts = [
    contact.event && `at ${contact.event}`,
    contact.whereMet,
    `on ${contact.connectedAt.slice(0, 10)}`,
  ];
  return `Met ${parts.filter(Boolean).join(', ')}`;
}

/** The member's notes first, then the pronouns and the meeting line, one per line. */
export function noteForOtherApps(contact: Contact): string {
  return [contact.notes, contact.pronouns && `Pronouns: ${contact.pronouns}`, meetingLine(contact)]
    .filter(Boolean)
    .join('\n');
}
