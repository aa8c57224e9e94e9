// A member's contacts (spec §7 Cards and contacts).

import {
  CreateContactEndpoint,
  type CreateContactRequest,
  type CreateContactResponse,
  CreateContactResponseSchema,
  DeleteContactEndpoint,
  IDEMPOTENCY_KEY_HEADER,
  ListMapContactsEndpoint,
  SendMyCardEndpoint,
  ToggleContactFlagEndpoint,
  UpdateContactNotesEndpoint,
} from '../../contract/contacts';
import { callEndpoint, requestEndpoint } from './client';

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
): Promise<CreateContactResponse> {
  const response = await requestEndpoint(CreateContactEndpoint, {
    json: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  if (response.status !== 201) throw new UnexpectedResponseError(response.status);
  return CreateContactResponseSchema.parse(await response.json());
}

/** The answer is the updated contact. */
export function updateContactNotes(contactId: string, notes: string) {
  return callEndpoint(UpdateContactNotesEndpoint, { params: { id: contactId }, json: { notes } });
}

export function toggleContactFlag(contactId: string) {
  return callEndpoint(ToggleContactFlagEndpoint, { params: { id: contactId } });
}

export function deleteContact(contactId: string) {
  return callEndpoint(DeleteContactEndpoint, { params: { id: contactId } });
}

/** E-mails my business card to the contact. */
export function sendMyCard(contactId: string) {
  return callEndpoint(SendMyCardEndpoint, { params: { id: contactId } });
}

/** The contacts that carry the place where people met (spec §3 Map contact). */
export function listMapContacts() {
  return callEndpoint(ListMapContactsEndpoint);
}
