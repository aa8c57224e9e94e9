// Changes a member makes to a saved contact (spec §4 Contacts page): each is kept in the pending-writes
// queue first, so a reload, a closed tab or a lost connection loses nothing, then sent at once when the
// app is online (src/sync/queue.ts). The screen shows it from the queue until the server took it.
import type { Contact } from '../../contract/contacts';
import { readSignedInUserId } from '../session/signed-in-user';
import { requestFlush, writeNow } from './flush-triggers';
import { enqueueWrite, type WriteOutcome } from './queue';
import {
  ContactDeleteWrite,
  ContactFlagWrite,
  ContactNotesWrite,
  SendCardWrite,
} from './writes/contact-writes';
import { ContactEventWrite, CurrentEventWrite } from './writes/event-writes';

function owner(): string {
  const ownerUserId = readSignedInUserId();
  if (!ownerUserId) throw new Error('Not signed in');
  return ownerUserId;
}

export async function queueFlag(contact: Pick<Contact, '_id' | 'name'>, isFlagged: boolean): Promise<void> {
  await enqueueWrite(
    ContactFlagWrite,
    { contactId: contact._id, isFlagged, contactName: contact.name },
    { ownerUserId: owner() },
  );
  requestFlush();
}

/**
 * Keeps the notes typed for `contact`. `base` is the text the member started from (what the server had
 * as far as this device knew): another device's newer notes are then never overwritten unseen.
 */
export async function queueNotes(contact: Pick<Contact, '_id' | 'name'>, notes: string, base: string) {
  await enqueueWrite(
    ContactNotesWrite,
    { contactId: contact._id, notes, base, contactName: contact.name },
    { ownerUserId: owner() },
  );
  requestFlush();
}

/** Sent at once when online, for the screen that reloads once the server took it (spec §4). */
export function deleteContact(contact: Pick<Contact, '_id' | 'name'>): Promise<WriteOutcome> {
  return writeNow(ContactDeleteWrite, { contactId: contact._id, contactName: contact.name });
}

/**
 * Offline only: online the screen sends the card itself, to show the server's answer at once. A send
 * tried online first passes that try's key, so one that reached the server but lost its answer is not
 * mailed again.
 */
export async function queueSendCard(
  contact: Pick<Contact, '_id' | 'name'>,
  idempotencyKey: string,
): Promise<void> {
  await enqueueWrite(
    SendCardWrite,
    { contactId: contact._id, contactName: contact.name },
    { ownerUserId: owner(), idempotencyKey },
  );
  requestFlush();
}

/** Tags the contact with an event, or removes it with null (issue 27); shown from the queue until sent. */
export async function queueContactEvent(contact: Pick<Contact, '_id' | 'name'>, event: string | null) {
  await enqueueWrite(
    ContactEventWrite,
    { contactId: contact._id, event, contactName: contact.name },
    { ownerUserId: owner() },
  );
  requestFlush();
}

/** Sets the event every save takes until it is ended (null ends it); shown from the queue until sent. */
export async function queueCurrentEvent(event: string | null) {
  await enqueueWrite(CurrentEventWrite, { event }, { ownerUserId: owner() });
  requestFlush();
}
