// A contact's event (issue 27): set, changed or removed on the server, then written into the contacts
// cache with the list's tags, so every tab shows it at once. It needs the connection: offline the screen
// says so rather than queue it.
import type { Contact } from '../../contract/contacts';
import { updateContactEvent } from '../api/contacts';
import { applyChange } from './contacts-revalidation';

/** Tags the contact with an event, or removes it with null; answers the contact as stored. */
export async function saveContactEvent(contactId: string, event: string | null): Promise<Contact> {
  const { answer, listTags } = await updateContactEvent(contactId, event);
  await applyChange({ type: 'patch', contactId, fields: { event: answer.event ?? null }, listTags });
  return answer;
}
