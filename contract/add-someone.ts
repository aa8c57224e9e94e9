// A member adds someone who has no card (issue 26 point 3): typed in, or read from a paper card on the
// device. The person may already be among the member's contacts: matched by e-mail or phone, the
// member is asked whether to add the new details to them or keep both (as Google Contacts and iOS do).
import { z } from 'zod';
import { ContactSchema, IdempotencyKeyHeadersSchema, MetAtFields, NOTES_MAX_LENGTH } from './contacts';
import { defineEndpoint } from './endpoint';
import { optionalText, PersonDetailsFields } from './shared-details';

/** "Met {where}": the words the contact shows, as the member typed them ("at Web Summit, Lisbon"). */
export const WHERE_MAX_LENGTH = 120;

/**
 * What to do when the person looks like a contact the member has: `ask` answers the match and stores
 * nothing; `merge` adds the new details to that contact (its own details stay, nothing is lost);
 * `keep-both` stores a second contact. A write queued offline cannot ask, so it merges and says so.
 */
export const ON_MATCH = ['ask', 'merge', 'keep-both'] as const;
export type OnMatch = (typeof ON_MATCH)[number];

export const AddSomeoneRequestSchema = z
  .object({
    ...PersonDetailsFields,
    where: optionalText(WHERE_MAX_LENGTH, 'Where you met'),
    note: optionalText(NOTES_MAX_LENGTH, 'Note'),
    ...MetAtFields,
    onMatch: z.enum(ON_MATCH).default('ask'),
  })
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), 'lat and lng go together')
  .meta({ dependentRequired: { lat: ['lng'], lng: ['lat'] } });
export type AddSomeoneRequest = z.input<typeof AddSomeoneRequestSchema>;
/** The request as the server reads it: defaults filled, text trimmed. */
export type AddedPerson = z.output<typeof AddSomeoneRequestSchema>;

/**
 * `added`: a new contact. `merged`: the details went into the contact they matched (`contact` as it
 * is now). `matches`: nothing was stored; `match` is the contact they look like, for the member to choose.
 */
export const AddSomeoneResponseSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('added'), message: z.string(), contact: ContactSchema }),
  z.object({ outcome: z.literal('merged'), message: z.string(), contact: ContactSchema }),
  z.object({ outcome: z.literal('matches'), message: z.string(), match: ContactSchema }),
]);
export type AddSomeoneResponse = z.infer<typeof AddSomeoneResponseSchema>;

export const AddSomeoneMessages = {
  added: 'Contact added',
  merged: (name: string) => `Added the new details to ${name}`,
  matches: (name: string) => `This looks like ${name}, who is already among your contacts.`,
} as const;

export const AddSomeoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/contact/add',
  summary:
    'Adds someone who has no card as a contact (marked added by hand). Someone who has the e-mail (any case) or phone (any punctuation) of one of the member’s contacts is answered as a match unless `onMatch` says to merge or keep both; replays with the same Idempotency-Key get the first answer again.',
  auth: 'member',
  body: AddSomeoneRequestSchema,
  headers: IdempotencyKeyHeadersSchema,
  responses: { 200: AddSomeoneResponseSchema },
  errors: ['RATE_LIMITED', 'REQUEST_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED'],
});

export const addSomeoneEndpoints = [AddSomeoneEndpoint];
