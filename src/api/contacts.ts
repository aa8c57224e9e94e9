// A member's contacts (spec §7 Cards and contacts).

import {
  type Contact,
  ContactListSchema,
  type ContactListTags,
  ContactSchema,
  type CreateContactRequest,
  type CreateContactResponse,
  CreateContactResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  MapContactListSchema,
  readContactListTags,
  ToggleFlagResponseSchema,
} from '../../contract/contacts';
import { MessageResponseSchema } from '../../contract/errors';
import { request, requestJson } from './client';

/** A write's answer and the list tags it came with, so the cache can keep its etag current. */
export interface ListWrite<T> {
  answer: T;
  listTags: ContactListTags | null;
}

async function writeJson<T>(
  path: string,
  schema: { parse(data: unknown): T },
  options: Parameters<typeof request>[1],
): Promise<ListWrite<T>> {
  const response = await request(path, options);
  return { answer: schema.parse(await response.json()), listTags: readContactListTags(response.headers) };
}

export const CREATE_CONTACT_PATH = '/api/contact/create';

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
  const response = await request(CREATE_CONTACT_PATH, {
    method: 'post',
    json: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  if (response.status !== 201) throw new UnexpectedResponseError(response.status);
  return {
    answer: CreateContactResponseSchema.parse(await response.json()),
    listTags: readContactListTags(response.headers),
  };
}

/** Newest first. */
export function listContacts() {
  return requestJson('/api/contact', ContactListSchema);
}

/** The answer is the updated contact. */
export function updateContactNotes(contactId: string, notes: string): Promise<ListWrite<Contact>> {
  return writeJson(`/api/contact/${encodeURIComponent(contactId)}`, ContactSchema, {
    method: 'put',
    json: { notes },
  });
}

export function toggleContactFlag(contactId: string) {
  return writeJson(`/api/contact/${encodeURIComponent(contactId)}/toggle-flag`, ToggleFlagResponseSchema, {
    method: 'patch',
  });
}

export function deleteContact(contactId: string) {
  return writeJson(`/api/contact/${encodeURIComponent(contactId)}`, MessageResponseSchema, {
    method: 'delete',
  });
}

/** E-mails my business card to the contact. */
export function sendMyCard(contactId: string) {
  return requestJson(`/api/contact/send-card/${encodeURIComponent(contactId)}`, MessageResponseSchema, {
    method: 'post',
  });
}

/** The contacts that carry the place where people met (spec §3 Map contact). */
export function listMapContacts() {
  return requestJson('/api/contact/mapContacts', MapContactListSchema);
}
