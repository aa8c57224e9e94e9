// Builders shared by the unit tests.
import type { Contact } from '../../contract/contacts';
import { db } from '../../src/db/tapnet-db';
import { StorageKeys } from '../../src/session/storage-keys';

function base64Url(value: string): string {
  return btoa(value).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the client only reads its payload, the server checks signatures. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A member access token valid for `seconds` more. */
export function tokenExpiringIn(seconds: number, now = Date.now()): string {
  return makeToken({ sub: 'user-1', role: 'user', exp: Math.floor(now / 1000) + seconds });
}

export { jsonResponse } from '../support/stub-server';

/** User-1's account as GET /api/user/account answers it, before a card is linked. */
export const account = {
  _id: 'user-1',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  nfcUID: null,
  joined: '2025-01-01T00:00:00.000Z',
  businessCard: null,
};

/** A contact as the server lists it, with the fields a test cares about overridden. */
export function makeContact(id: string, overrides: Partial<Contact> = {}): Contact {
  return {
    _id: id,
    pronouns: '',
    name: `Contact ${id}`,
    company: 'Analytical Engines',
    role: '',
    email: `${id}@example.test`,
    phone: '',
    linkedinURL: '',
    additionalURL: '',
    notes: '',
    lat: null,
    lng: null,
    isFlagged: false,
    connectedAt: '2026-11-01T10:00:00.000Z',
    contactDetailsSent: false,
    inviteSentByEmail: false,
    fromInvitation: false,
    nfcUID: null,
    ...overrides,
  };
}

/** Signed in as user-1 with fresh storage: no session leftovers, no contacts cache. */
export async function signInWithEmptyContactsCache(): Promise<void> {
  localStorage.clear();
  localStorage.setItem(StorageKeys.token, tokenExpiringIn(600));
  await db.contactLists.clear();
  await db.contactSets.clear();
}
