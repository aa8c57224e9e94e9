// Adding someone who has no card (issue 26 point 3), queued when the network is down. The queue cannot
// ask the member what to do with a match, so a queued add merges into the contact it matches (nothing
// of theirs is lost: the server fills only empty fields and keeps the rest in its notes) and says so.
import {
  AddSomeoneEndpoint,
  type AddSomeoneRequest,
  AddSomeoneRequestSchema,
  AddSomeoneResponseSchema,
} from '../../../contract/add-someone';
import { readContactListTags } from '../../../contract/contacts';
import { mergeContactChange } from '../../db/contacts-cache';
import type { WriteKind } from './write-kind';

export const ContactAddWrite: WriteKind<AddSomeoneRequest> = {
  kind: 'contact.add',
  payload: AddSomeoneRequestSchema,
  request: (payload) => ({ endpoint: AddSomeoneEndpoint, body: payload }),
  async applied({ ownerUserId }, _payload, answer) {
    const added = AddSomeoneResponseSchema.safeParse(answer.body);
    if (!added.success || added.data.outcome === 'matches') return;
    await mergeContactChange(
      ownerUserId,
      { type: 'upsert', contact: added.data.contact, listTags: readContactListTags(answer.headers) },
      { isOwnerCurrent: () => true },
    );
  },
  settledNotice(payload, answer) {
    const added = AddSomeoneResponseSchema.safeParse(answer.body);
    if (!added.success || added.data.outcome !== 'merged') return null;
    return {
      message: `${payload.name} was already among your contacts as ${added.data.contact.name}: the new details were added there.`,
      keptText: null,
    };
  },
  refused: (payload, reason) => ({
    message: `${payload.name} was not added to your contacts: ${reason}`,
    // What the member typed, to copy back into the form.
    keptText: [
      payload.name,
      payload.email,
      payload.phone,
      payload.company,
      payload.role,
      payload.where,
      payload.note,
    ]
      .filter((line) => line)
      .join('\n'),
  }),
};
