// The write kinds of events (issue 27): a contact's event, and the member's current event that every
// save takes until it is cleared. Both are sets, not toggles, so a replay is harmless; the latest choice
// replaces one still waiting.
import { z } from 'zod';
import {
  ContactSchema,
  EventChoiceSchema,
  EventNameSchema,
  readContactListTags,
  SetContactEventEndpoint,
  SetCurrentEventEndpoint,
} from '../../../contract/contacts';
import { storeConfirmedValue } from '../../db/cached-resources';
import { mergeContactChange } from '../../db/contacts-cache';
import { FailureMessages } from './failure-messages';
import type { WriteKind } from './write-kind';

/** The cached copy of GET /api/contact/current-event (CurrentEventResource, src/api/contacts.ts). */
const CURRENT_EVENT_CACHE = 'current-event';

export interface ContactEventPayload {
  contactId: string;
  /** The event's name, or null to remove it. */
  event: string | null;
  /** The contact's name when the change was made, for telling the member what was not saved. */
  contactName?: string;
}

export const ContactEventWrite: WriteKind<ContactEventPayload> = {
  kind: 'contact.event',
  payload: z.object({
    contactId: z.string().min(1),
    event: EventNameSchema.nullable(),
    contactName: z.string().max(300).optional(),
  }),
  coalesceKey: (payload) => payload.contactId,
  request: ({ contactId, event }) => ({
    endpoint: SetContactEventEndpoint,
    params: { id: contactId },
    body: { event },
  }),
  async applied({ ownerUserId }, { contactId }, answer) {
    // Only the event is merged, as a flag is (ContactPatch). The queue runs for the mirrored member only,
    // so the cache it writes is always theirs.
    const { event } = ContactSchema.parse(answer.body);
    await mergeContactChange(
      ownerUserId,
      {
        type: 'patch',
        contactId,
        fields: { event: event ?? null },
        listTags: readContactListTags(answer.headers),
      },
      { isOwnerCurrent: () => true },
    );
  },
  refused: ({ contactName, event }, reason) => ({
    message: `The event of ${contactName || 'a contact'} was not saved: ${reason}`,
    keptText: event,
    announcement: FailureMessages.event,
  }),
};

export const CurrentEventWrite: WriteKind<{ event: string | null }> = {
  kind: 'member.current-event',
  payload: z.object({ event: EventNameSchema.nullable() }),
  coalesceKey: () => 'current',
  request: ({ event }) => ({ endpoint: SetCurrentEventEndpoint, body: { event } }),
  async applied({ ownerUserId }, _payload, answer) {
    await storeConfirmedValue(CURRENT_EVENT_CACHE, ownerUserId, EventChoiceSchema.parse(answer.body), null);
  },
  refused: ({ event }, reason) => ({
    message: event
      ? `The current event was not set to ${event}: ${reason}`
      : `The current event was not ended: ${reason}`,
    keptText: null,
    announcement: FailureMessages.event,
  }),
};
