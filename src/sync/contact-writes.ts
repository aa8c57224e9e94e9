// Changes a member makes to a saved contact (spec §4 Contacts page): each calls the API and writes the
// answer, with the list's new tag, into the contacts cache in the same step, so every tab shows it at once
// and the next revalidation does not download the list again for it.
import type { Contact } from '../../contract/contacts';
import { deleteContact, toggleContactFlag, updateContactEvent, updateContactNotes } from '../api/contacts';
import { applyChange } from './contacts-revalidation';

/** Answers the contact as the server stored it. */
export async function saveNotes(contactId: string, notes: string): Promise<Contact> {
  const { answer, listTags } = await updateContactNotes(contactId, notes);
  await applyChange({ type: 'upsert', contact: answer, listTags });
  return answer;
}

/** Answers whether the contact is flagged now. */
export async function toggleFlag(contact: Pick<Contact, '_id'>): Promise<boolean> {
  const { answer, listTags } = await toggleContactFlag(contact._id);
  await applyChange({
    type: 'patch',
    contactId: contact._id,
    fields: { isFlagged: answer.isFlagged },
    listTags,
  });
  return answer.isFlagged;
}

/** Tags the contact with an event, or removes it with null; answers the contact as stored. */
export async function saveContactEvent(contactId: string, event: string | null): Promise<Contact> {
  const { answer, listTags } = await updateContactEvent(contactId, event);
  await applyChange({ type: 'patch', contactId, fields: { event: answer.event ?? null }, listTags });
  return answer;
}

export async function removeContact(contactId: string): Promise<void> {
  const { listTags } = await deleteContact(contactId);
  await applyChange({ type: 'remove', contactId, listTags });
}
