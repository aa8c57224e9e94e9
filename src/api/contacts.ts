// A member's contacts (spec §7 Cards and contacts).

import {
  AddSomeoneEndpoint,
  type AddSomeoneRequest,
  type AddSomeoneResponse,
} from '../../contract/add-someone';
import {
  type Contact,
  type ContactListTags,
  CreateContactEndpoint,
  type CreateContactRequest,
  type CreateContactResponse,
  DeleteContactEndpoint,
  GetCurrentEventEndpoint,
  IDEMPOTENCY_KEY_HEADER,
  ListMapContactsEndpoint,
  readContactListTags,
  SendMyCardEndpoint,
  ToggleContactFlagEndpoint,
  UpdateContactNotesEndpoint,
} from '../../contract/contacts';
import { callEndpoint, callForAnswer } from './client';
import { endpointResource } from './resource-fetch';
import type { Answered } from './transport';

/** A write's answer and the list tags it came with, so the cache can keep its etag current. */
export interface ListWrite<T> {
  answer: T;
  listTags: ContactListTags | null;
}

async function readListWrite<T>(sent: Promise<Answered<T>>): Promise<ListWrite<T>> {
  const { value, headers } = await sent;
  return { answer: value, listTags: readContactListTags(headers) };
}

/** Replays of one save must pass the same key, so that the server stores it once. */
export async function createContact(
  payload: CreateContactRequest,
  idempotencyKey: string,
): Promise<ListWrite<CreateContactResponse>> {
  // A 2xx other than 201 is thrown as the spec's "unexpected response" (§8 Card saving).
  return readListWrite(
    callForAnswer(CreateContactEndpoint, {
      json: payload,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    }),
  );
}

/** Someone who has no card (issue 26); replays of one add pass the same key, so it is stored once. */
export function addSomeone(
  payload: AddSomeoneRequest,
  idempotencyKey: string,
): Promise<ListWrite<AddSomeoneResponse>> {
  return readListWrite(
    callForAnswer(AddSomeoneEndpoint, {
      json: payload,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    }),
  );
}

/** The answer is the updated contact. */
export function updateContactNotes(contactId: string, notes: string): Promise<ListWrite<Contact>> {
  return readListWrite(
    callForAnswer(UpdateContactNotesEndpoint, { params: { id: contactId }, json: { notes } }),
  );
}

export function toggleContactFlag(contactId: string) {
  return readListWrite(callForAnswer(ToggleContactFlagEndpoint, { params: { id: contactId } }));
}

/** The event every save takes until cleared (issue 27); asked on every visit, the copy serves offline. */
export const CurrentEventResource = endpointResource('current-event', GetCurrentEventEndpoint, 0);

export function deleteContact(contactId: string) {
  return readListWrite(callForAnswer(DeleteContactEndpoint, { params: { id: contactId } }));
}

/** E-mails my business card to the contact; a send queued after a lost answer passes the same key. */
export function sendMyCard(contactId: string, idempotencyKey: string) {
  return callEndpoint(SendMyCardEndpoint, {
    params: { id: contactId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The spec names no lifetime: the map asks on every visit; the copy serves offline. */
export const MAP_CONTACTS_LIFETIME_MS = 0;
/** The contacts that carry the place where people met (spec §3 Map contact). */
export const MapContactsResource = endpointResource(
  'map-contacts',
  ListMapContactsEndpoint,
  MAP_CONTACTS_LIFETIME_MS,
);
