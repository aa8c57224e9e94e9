// A member's saved contacts (spec §3 Contact, Contact payload; §7 Cards and contacts).
import { z } from 'zod';
import { BusinessCardViewSchema, CardKeySchema, CardLinkViewSchema, TapProofSchema } from './card';
import { CARD_SOURCES } from './card-paths';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import { IfMatchHeadersSchema, versionTag } from './versions';

export const ContactSchema = BusinessCardViewSchema.extend({
  _id: z.string(),
  notes: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /**
   * Where they met, as the words that follow "Met" ("near Lyon, France", "in Fiji"), looked up on the
   * server from lat/lng at save time; null without a place or at sea. Absent from contacts cached
   * before the field existed.
   */
  whereMet: z.string().nullable().optional(),
  /** The event where they met ("Web Summit 2026"); null without one. Absent from contacts cached before events. */
  event: z.string().nullable().optional(),
  isFlagged: z.boolean(),
  connectedAt: z.string(),
  contactDetailsSent: z.boolean(),
  inviteSentByEmail: z.boolean(),
  fromInvitation: z.boolean(),
  nfcUID: z.string().nullable(),
  /**
   * Set when this person shared their details on the member's card page (issue 26): when, and how they
   * came to the card. Absent from contacts cached before the field existed.
   */
  sharedWithYou: z
    .object({ at: z.string(), source: z.enum(CARD_SOURCES) })
    .nullable()
    .optional(),
  /**
   * Saved from a verified tap of a secure card (docs/behaviour/secure-cards.md), with that tap's counter:
   * they met in person, for certain. Absent from contacts cached before the fields existed.
   */
  metInPerson: z.boolean().optional(),
  tapCounter: z.number().int().nullable().optional(),
  /** The member typed them in, or read them from a paper card (issue 26): no card was saved. */
  addedByHand: z.boolean().optional(),
  /**
   * The card's labelled links when it was saved, and its current photo's URLs ('' without one): issue 26
   * point 5. Absent from contacts cached before the fields existed.
   */
  links: z.array(CardLinkViewSchema).optional(),
  photoURL: z.string().optional(),
  photoThumbnailURL: z.string().optional(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const ContactListSchema = z.array(ContactSchema);

const cardText = z.string().max(300).optional();

/** Where people met, as the device gave it: both or neither (a refine in each request says so). */
export const MetAtFields = {
  lat: z
    .number()
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90')
    .optional(),
  lng: z
    .number()
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180')
    .optional(),
};

/**
 * The payload the public card page sends. The card fields are what the visitor saw; the server
 * stores the card as it is now, so only nfcUID and the place where people met really count.
 */
export const CreateContactRequestSchema = z
  .object({
    /** The card's key: its Card ID, or its owner's card link handle (issue 26). */
    nfcUID: CardKeySchema,
    name: cardText,
    email: cardText,
    phone: cardText,
    company: cardText,
    role: cardText,
    linkedinURL: cardText,
    additionalURL: cardText,
    pronouns: cardText,
    ...MetAtFields,
    /** The tap URL's signed data when the card page was opened by a secure card's tap; checked again here. */
    tap: TapProofSchema.optional(),
  })
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), 'lat and lng go together')
  .meta({ dependentRequired: { lat: ['lng'], lng: ['lat'] } });
export type CreateContactRequest = z.input<typeof CreateContactRequestSchema>;

export const CreateContactResponseSchema = z.object({ message: z.string(), contact: ContactSchema });
export type CreateContactResponse = z.infer<typeof CreateContactResponseSchema>;

/** Replays of one save carry the same key, so the server stores it once (DESIGN.md §4 Offline saves). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid Idempotency-Key');
/** A write a device may have made offline: replayed with the same key, it runs once (the first answer again). */
export const IdempotencyKeyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional(),
});

/**
 * Every write to the contact list (save, notes, flag, delete) answers with the list's ETag after it and
 * the one just before it: a client whose cache holds the earlier tag merges the answer and stores the
 * later one, so its next revalidation is a 304 when nothing else changed.
 */
export const CONTACT_LIST_ETAG_HEADER = 'contact-list-etag';
export const CONTACT_LIST_PREVIOUS_ETAG_HEADER = 'contact-list-previous-etag';

export const ContactListTagsSchema = z.object({ previous: z.string().min(1), current: z.string().min(1) });
export type ContactListTags = z.infer<typeof ContactListTagsSchema>;

/** The tags a write answered with; null for an answer without them (a save replayed from its key). */
export function readContactListTags(headers: { get(name: string): string | null }): ContactListTags | null {
  const parsed = ContactListTagsSchema.safeParse({
    previous: headers.get(CONTACT_LIST_PREVIOUS_ETAG_HEADER),
    current: headers.get(CONTACT_LIST_ETAG_HEADER),
  });
  return parsed.success ? parsed.data : null;
}

/** Spec §5, §9: notes are at most this long. */
export const NOTES_MAX_LENGTH = 1000;

export const UpdateNotesRequestSchema = z.object({
  notes: z.string().max(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters`),
});
export type UpdateNotesRequest = z.infer<typeof UpdateNotesRequestSchema>;

export const ContactIdParamsSchema = z.object({ id: z.uuid('Contact not found') });

/**
 * The version of a contact's notes for If-Match (contract/versions.ts): computed from the text itself,
 * so a client holding the contact knows the version its edit is based on without asking.
 */
export function notesVersion(notes: string): string {
  return versionTag(notes);
}

export const SetFlagRequestSchema = z.object({ isFlagged: z.boolean() });
export type SetFlagRequest = z.infer<typeof SetFlagRequestSchema>;

/**
 * The change feed's answer (GET /api/contact?since=): the contacts changed or added after the cursor
 * (`contacts`, newest first) and the ids of those deleted since (`deleted`), or, when `isFullList`, the
 * whole list (the cursor was too old, unknown, or another member's). `cursor` is the list's ETag after
 * these changes: the next `since`, and the next If-None-Match.
 */
export const ContactChangesSchema = z.object({
  cursor: z.string(),
  isFullList: z.boolean(),
  contacts: ContactListSchema,
  deleted: z.array(z.string()),
});
export type ContactChanges = z.infer<typeof ContactChangesSchema>;

/** `since`: a cursor (an ETag this endpoint answered); the answer is then the change feed, not the list. */
export const ContactListQuerySchema = z.strictObject({ since: z.string().max(200).optional() });

export const ToggleFlagResponseSchema = z.object({ isFlagged: z.boolean() });
export type ToggleFlagResponse = z.infer<typeof ToggleFlagResponseSchema>;

/** An event's name as members type it: "Web Summit 2026". */
export const EVENT_NAME_MAX_LENGTH = 100;
export const EventNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the event')
  .max(EVENT_NAME_MAX_LENGTH, `Event names are at most ${EVENT_NAME_MAX_LENGTH} characters`);

/** A contact's event, or the member's current one; null clears it. */
export const EventChoiceSchema = z.object({ event: EventNameSchema.nullable() });
export type EventChoice = z.infer<typeof EventChoiceSchema>;

/** Spec §3 Map contact: a saved contact that has the place where people met. */
export const MapContactSchema = z.object({
  _id: z.string(),
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
  dateAdded: z.string(),
  /** As on the contact: "near Lyon, France". */
  whereMet: z.string().nullable().optional(),
  /** As on the contact: "Web Summit 2026". */
  event: z.string().nullable().optional(),
});
export type MapContact = z.infer<typeof MapContactSchema>;
export const MapContactListSchema = z.array(MapContactSchema);

/** Whether the card went out by e-mail, or only as an in-app invitation (the recipient opted out of e-mail). */
export const SendCardResponseSchema = MessageResponseSchema.extend({ delivery: z.enum(['email', 'in-app']) });
export type SendCardResponse = z.infer<typeof SendCardResponseSchema>;

/** The answers of send-card: the client words the first its own way and shows the second as it is. */
export const SendCardMessages = {
  sent: 'Business card sent',
  inAppOnly: 'They have turned off e-mails from Tapnet, so they will find your invitation in the app.',
} as const;

export const ListContactsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/contact',
  summary:
    'The member’s contacts, newest first. Send If-None-Match with the last ETag to get a 304 when nothing changed. With `since` (an ETag this endpoint answered) it answers the change feed instead: the contacts changed after it and the ids deleted since, or the whole list (`isFullList`) when the cursor is too old.',
  auth: 'member',
  query: ContactListQuerySchema,
  // A 304 has no body; a 200 is the list, or the changes when `since` was sent.
  responses: { 200: z.union([ContactListSchema, ContactChangesSchema]), 304: z.void() },
  errors: [],
});

export const CreateContactEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/contact/create',
  summary: 'Saves a card as a contact; replays with the same Idempotency-Key get the first answer again.',
  auth: 'member',
  body: CreateContactRequestSchema,
  headers: IdempotencyKeyHeadersSchema,
  responses: { 201: CreateContactResponseSchema },
  errors: [
    'RATE_LIMITED',
    'CARD_NOT_FOUND',
    'CARD_UNCLAIMED',
    'CARD_REPLACED',
    'CARD_UNAVAILABLE',
    'OWN_CARD',
    'CONTACT_EXISTS',
    'REQUEST_IN_PROGRESS',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const UpdateContactNotesEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/contact/:id',
  summary: 'Replaces the notes of a contact; answers the updated contact.',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  body: UpdateNotesRequestSchema,
  headers: IfMatchHeadersSchema,
  responses: { 200: ContactSchema },
  errors: ['CONTACT_NOT_FOUND', 'VERSION_CONFLICT'],
});

export const SetContactFlagEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/contact/:id/flag',
  summary:
    'Sets whether a contact is flagged (unlike toggle-flag, sending it twice or from two devices ends in the state chosen).',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  body: SetFlagRequestSchema,
  responses: { 200: ToggleFlagResponseSchema },
  errors: ['CONTACT_NOT_FOUND'],
});

export const ToggleContactFlagEndpoint = defineEndpoint({
  method: 'PATCH',
  path: '/api/contact/:id/toggle-flag',
  summary: 'Flags or unflags a contact.',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  responses: { 200: ToggleFlagResponseSchema },
  errors: ['CONTACT_NOT_FOUND'],
});

export const DeleteContactEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/contact/:id',
  summary: 'Deletes a contact.',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  responses: { 200: MessageResponseSchema },
  errors: ['CONTACT_NOT_FOUND'],
});

export const SendMyCardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/contact/send-card/:id',
  summary:
    'E-mails the member’s business card to a contact (or invites them in the app when they opted out of e-mail); replays with the same Idempotency-Key get the first answer again and mail nothing.',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  headers: IdempotencyKeyHeadersSchema,
  responses: { 200: SendCardResponseSchema },
  errors: [
    'RATE_LIMITED',
    'CONTACT_NOT_FOUND',
    'CARD_INCOMPLETE',
    'CONTACT_HAS_NO_EMAIL',
    'CARD_SENT_TODAY',
    'CARD_DAILY_LIMIT',
    'REQUEST_IN_PROGRESS',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

export const SetContactEventEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/contact/:id/event',
  summary: 'Tags a contact with the event where you met ({ "event": null } removes it); answers the contact.',
  auth: 'member',
  params: ContactIdParamsSchema,
  paramsRefusedAs: 'CONTACT_NOT_FOUND',
  body: EventChoiceSchema,
  responses: { 200: ContactSchema },
  errors: ['CONTACT_NOT_FOUND'],
});

export const GetCurrentEventEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/contact/current-event',
  summary: 'The event every contact you save is tagged with until you clear it; null when none is set.',
  auth: 'member',
  responses: { 200: EventChoiceSchema },
  errors: [],
});

export const SetCurrentEventEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/contact/current-event',
  summary: 'Sets the current event ({ "event": null } clears it); contacts saved from now on take it.',
  auth: 'member',
  body: EventChoiceSchema,
  responses: { 200: EventChoiceSchema },
  errors: [],
});

export const ListMapContactsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/contact/mapContacts',
  summary: 'The member’s contacts that carry the place where people met.',
  auth: 'member',
  responses: { 200: MapContactListSchema },
  errors: [],
});

export const contactEndpoints = [
  ListContactsEndpoint,
  CreateContactEndpoint,
  UpdateContactNotesEndpoint,
  ToggleContactFlagEndpoint,
  SetContactFlagEndpoint,
  DeleteContactEndpoint,
  SendMyCardEndpoint,
  SetContactEventEndpoint,
  GetCurrentEventEndpoint,
  SetCurrentEventEndpoint,
  ListMapContactsEndpoint,
];
