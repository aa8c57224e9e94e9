// The note a contact carries into other address books: the member's own notes, the pronouns, and where
// and when they met, which other apps have no field for.
import type { Contact } from '../../../contract/contacts';

/** "Met near Lyon, France, on 2026-11-20"; the day in UTC, as the API's connectedAt is. */
export function meetingLine(contact: Pick<Contact, 'whereMet' | 'connectedAt'>): string {
  const day = contact.connectedAt.slice(0, 10);
  return contact.whereMet ? `Met ${contact.whereMet}, on ${day}` : `Met on ${day}`;
}

/** The member's notes first, then the pronouns and the meeting line, one per line. */
export function noteForOtherApps(contact: Contact): string {
  return [contact.notes, contact.pronouns && `Pronouns: ${contact.pronouns}`, meetingLine(contact)]
    .filter(Boolean)
    .join('\n');
}
