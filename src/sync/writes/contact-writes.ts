// The write kinds of a saved contact (spec §4 Contacts page): its flag, its notes, its deletion and
// sending it my card. Each answer is merged into the contacts cache with the list's tags, so the next
// revalidation does not download the list again for it.
import { z } from 'zod';
import {
  type Contact,
  ContactSchema,
  DeleteContactEndpoint,
  NOTES_MAX_LENGTH,
  notesVersion,
  readContactListTags,
  SendMyCardEndpoint,
  SetContactFlagEndpoint,
  ToggleFlagResponseSchema,
  UpdateContactNotesEndpoint,
} from '../../../contract/contacts';
import { IF_MATCH_HEADER } from '../../../contract/versions';
import { type ContactChange, mergeContactChange } from '../../db/contacts-cache';
import { FailureMessages } from './failure-messages';
import type { WriteAnswer, WriteContext, WriteKind } from './write-kind';

/** The queue runs for the mirrored member only, so the cache it writes is always theirs. */
function mergeIntoCache(ownerUserId: string, change: ContactChange): Promise<boolean> {
  return mergeContactChange(ownerUserId, change, { isOwnerCurrent: () => true });
}

const contactId = z.string().min(1);
/** The contact's name when the change was made, for telling the member what was not saved. */
const contactName = z.string().max(300);

export const ContactFlagWrite: WriteKind<{ contactId: string; isFlagged: boolean; contactName?: string }> = {
  kind: 'contact.flag',
  payload: z.object({ contactId, isFlagged: z.boolean(), contactName: contactName.optional() }),
  coalesceKey: (payload) => payload.contactId,
  request: ({ contactId, isFlagged }) => ({
    endpoint: SetContactFlagEndpoint,
    params: { id: contactId },
    body: { isFlagged },
  }),
  async applied({ ownerUserId }, { contactId }, answer) {
    const { isFlagged } = ToggleFlagResponseSchema.parse(answer.body);
    await mergeIntoCache(ownerUserId, {
      type: 'patch',
      contactId,
      fields: { isFlagged },
      listTags: readContactListTags(answer.headers),
    });
  },
  refused: ({ contactName }, reason) => ({
    message: `The flag on ${contactName || 'a contact'} was not changed: ${reason}`,
    keptText: null,
    announcement: FailureMessages.flag,
  }),
};

export interface NotesPayload {
  contactId: string;
  notes: string;
  /** The notes the member's edit started from: the version sent as If-Match. */
  base: string;
  contactName?: string;
}

/** What to do when the server's notes are not the ones the edit started from (412). */
function resolveNotes(
  { queuedAt }: WriteContext,
  payload: NotesPayload,
  current: Contact,
  changedAt: string | null,
) {
  const theirs = current.notes;
  const name = payload.contactName || current.name;
  if (theirs === payload.notes) return { payload: null };
  const theirsAt = changedAt === null ? 0 : Date.parse(changedAt);
  if (theirsAt > queuedAt) {
    // Theirs is newer: it stays, and the text typed here is kept in the notice to copy back.
    return {
      payload: null,
      notice: {
        message: `Newer notes about ${name} were saved on another device, so the notes typed here were not saved. Your text is kept below.`,
        keptText: payload.notes,
      },
    };
  }
  return {
    payload: { ...payload, base: theirs },
    notice: {
      message: `Your notes about ${name} replaced notes saved on another device. Their text is kept below.`,
      keptText: theirs,
    },
  };
}

export const ContactNotesWrite: WriteKind<NotesPayload> = {
  kind: 'contact.notes',
  payload: z.object({
    contactId,
    notes: z.string().max(NOTES_MAX_LENGTH),
    base: z.string(),
    contactName: contactName.optional(),
  }),
  coalesceKey: (payload) => payload.contactId,
  // The newer text, still based on what the first edit started from: that is what the server holds.
  coalesce: (waiting, newer) => ({ ...newer, base: waiting.base }),
  request: ({ contactId, notes, base }) => ({
    endpoint: UpdateContactNotesEndpoint,
    params: { id: contactId },
    body: { notes },
    headers: { [IF_MATCH_HEADER]: notesVersion(base) },
  }),
  async applied({ ownerUserId }, _payload, answer) {
    await mergeIntoCache(ownerUserId, {
      type: 'upsert',
      contact: ContactSchema.parse(answer.body),
      listTags: readContactListTags(answer.headers),
    });
  },
  rebase: (waiting, answer) => ({ ...waiting, base: ContactSchema.parse(answer.body).notes }),
  async resolve(context, payload, conflict) {
    const current = ContactSchema.parse(conflict.current);
    await mergeIntoCache(context.ownerUserId, { type: 'upsert', contact: current });
    return resolveNotes(context, payload, current, conflict.changedAt);
  },
  // The text typed stays readable in the notice, to copy elsewhere.
  refused: ({ contactName, notes }, reason) => ({
    message: `Your notes about ${contactName || 'a contact'} were not saved: ${reason}`,
    keptText: notes,
    announcement: FailureMessages.notes,
  }),
};

export const ContactDeleteWrite: WriteKind<{ contactId: string; contactName?: string }> = {
  kind: 'contact.delete',
  payload: z.object({ contactId, contactName: contactName.optional() }),
  coalesceKey: (payload) => payload.contactId,
  request: ({ contactId }) => ({ endpoint: DeleteContactEndpoint, params: { id: contactId } }),
  async applied({ ownerUserId }, { contactId }, answer: WriteAnswer) {
    await mergeIntoCache(ownerUserId, {
      type: 'remove',
      contactId,
      listTags: readContactListTags(answer.headers),
    });
  },
  // Deleted already (here before, or on another device): what the member wanted is done.
  isDone: (code) => code === 'CONTACT_NOT_FOUND',
  refused: ({ contactName }, reason) => ({
    message: `${contactName || 'A contact'} was not deleted: ${reason}`,
    keptText: null,
    announcement: FailureMessages.deleteContact,
  }),
};

export const SendCardWrite: WriteKind<{ contactId: string; contactName?: string }> = {
  kind: 'contact.send-card',
  payload: z.object({ contactId, contactName: contactName.optional() }),
  coalesceKey: (payload) => payload.contactId,
  request: ({ contactId }) => ({ endpoint: SendMyCardEndpoint, params: { id: contactId } }),
  async applied({ ownerUserId }, { contactId }) {
    await mergeIntoCache(ownerUserId, { type: 'patch', contactId, fields: { contactDetailsSent: true } });
  },
  // Sent today already: a send whose answer was lost on the way, or one made on another device.
  isDone: (code) => code === 'CARD_SENT_TODAY',
  refused: ({ contactName }, reason) => ({
    message: `Your business card was not sent to ${contactName || 'a contact'}: ${reason}`,
    keptText: null,
    announcement: FailureMessages.sendCard,
  }),
};
