// A member's contacts (spec §7 Cards and contacts).

import {
  type Contact,
  type ContactListTags,
  ContactSchema,
  CreateContactEndpoint,
  type CreateContactRequest,
  type CreateContactResponse,
  CreateContactResponseSchema,
  DeleteContactEndpoint,
  IDEMPOTENCY_KEY_HEADER,
  ListMapContactsEndpoint,
  readContactListTags,
  SendMyCardEndpoint,
  ToggleContactFlagEndpoint,
  ToggleFlagResponseSchema,
  UpdateContactNotesEndpoint,
} from '../../contract/contacts';
import { MessageResponseSchema } from '../../contract/errors';
import { callEndpoint, requestEndpoint } from './client';
import { endpointResource } from './resource-fetch';

/** A write's answer and the list tags it came with, so the cache can keep its etag current. */
export interface ListWrite<T> {
  answer: T;
  listTags: ContactListTags | null;
}

async function readListWrite<T>(
  sent: Promise<Response>,
  schema: { parse(data: unknown): T },
): Promise<ListWrite<T>> {
  const response = await sent;
  return { answer: schema.parse(await response.json()), listTags: readContactListTags(response.headers) };
}

/** A 2xx other than 201 from the save: the spec's "unexpected response" (§8 Card saving). */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(readonly status: number) {
    super(`Unexpected response ${status}`);
  }
}

/** Replays of one save must pass the same key, so that the server stores it once. */
export async function createContact(
  payload: CreateContactRequest,
  idempotencyKey: string,
): Promise<ListWrite<CreateContactResponse>> {
  const response = await requestEndpoint(CreateContactEndpoint, {
    json: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  if (response.status !== 201) throw new UnexpectedResponseError(response.status);
  return {
    answer: CreateContactResponseSchema.parse(await response.json()),
    listTags: readContactListTags(response.headers),
  };
}

/** The answer is the updated contact. */
export function updateContactNotes(contactId: string, notes: string): Promise<ListWrite<Contact>> {
  return readListWrite(
    requestEndpoint(UpdateContactNotesEndpoint, { params: { id: contactId }, json: { notes } }),
    ContactSchema,
  );
}

export function toggleContactFlag(contactId: string) {
  return readListWrite(
    requestEndpoint(ToggleContactFlagEndpoint, { params: { id: contactId } }),
    ToggleFlagResponseSchema,
  );
}

export function deleteContact(contactId: string) {
  return readListWrite(
    requestEndpoint(DeleteContactEndpoint, { params: { id: contactId } }),
    MessageResponseSchema,
  );
}

/** E-mails my business card to the contact. */
export function sendMyCard(contactId: string) {
  return callEndpoint(SendMyCardEndpoint, { params: { id: contactId } });
}

/** The spec names no lifetime: the map asks on every visit; the copy serves offline. */
export const MAP_CONTACTS_LIFETIME_MS = 0;
/** The contacts that carry the place where people met (spec §3 Map contact). */
export const MapContactsResource = endpointResource(
  'map-contacts',
  ListMapContactsEndpoint,
  MAP_CONTACTS_LIFETIME_MS,
);
