// Saving a card as a contact, queued when the network is down (spec §3 Queued contact, §4 Save-contact
// flow). The Idempotency-Key is the one of the first try, so a save that reached the server but lost its
// answer is stored once.

import { cardSerial } from '../../../contract/card-paths';
import {
  CreateContactEndpoint,
  type CreateContactRequest,
  CreateContactRequestSchema,
  CreateContactResponseSchema,
  readContactListTags,
} from '../../../contract/contacts';
import { mergeContactChange } from '../../db/contacts-cache';
import type { WriteKind } from './write-kind';

/** The card's name as it was seen, or its serial number for a card tapped offline and never seen. */
export function savedCardLabel(payload: Pick<CreateContactRequest, 'name' | 'nfcUID'>): string {
  return payload.name?.trim() || `Tapnet card ${cardSerial(payload.nfcUID)}`;
}

export const ContactSaveWrite: WriteKind<CreateContactRequest> = {
  kind: 'contact.save',
  payload: CreateContactRequestSchema,
  request: (payload) => ({ endpoint: CreateContactEndpoint, body: payload }),
  async applied({ ownerUserId }, _payload, answer) {
    const saved = CreateContactResponseSchema.safeParse(answer.body);
    if (!saved.success) return;
    await mergeContactChange(
      ownerUserId,
      { type: 'upsert', contact: saved.data.contact, listTags: readContactListTags(answer.headers) },
      { isOwnerCurrent: () => true },
    );
  },
  // The card is already among the contacts: the save has nothing left to do.
  isDone: (code) => code === 'CONTACT_EXISTS',
  // Spec §8's text, naming the card: a save tapped offline may be refused long after the tap.
  refused: (payload, reason) => ({
    message: `Failed to save contact: ${reason} (${savedCardLabel(payload)})`,
    keptText: null,
  }),
};
