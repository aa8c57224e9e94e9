// The signed-in member's contacts for screens: a live view of the cache, and the way to write a change
// the server confirmed into it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import type { Contact } from '../../contract/contacts';
import { type ContactChange, readContactsCache } from '../db/contacts-cache';
import { readSignedInUserId, useSignedInUserId } from '../session/signed-in-user';
import { applyChange, revalidateOnContactsLoad, scheduleRevalidation } from './contacts-revalidation';

function isSameList(a: Contact[], b: Contact[]): boolean {
  return a.length === b.length && a.every((contact, index) => isSameContact(contact, b[index]));
}

function isSameContact(a: Contact, b: Contact | undefined): boolean {
  if (!b) return false;
  const keys = Object.keys(a) as (keyof Contact)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * Newest first, live across tabs; undefined while nothing is known yet (no valid cache, nobody signed
 * in). Shows the cache at once and revalidates it shortly after (spec §4 Contacts page, Loading). An
 * unchanged list keeps its identity, so a refresh that changed nothing re-renders nothing.
 */
export function useContacts(): Contact[] | undefined {
  const userId = useSignedInUserId();
  const previous = useRef<Contact[] | undefined>(undefined);

  useEffect(() => {
    if (userId) void revalidateOnContactsLoad(userId);
  }, [userId]);

  return useLiveQuery(async () => {
    if (!userId) return undefined;
    const cache = await readContactsCache(userId).catch((error: unknown) => {
      console.warn('Contacts cache: read failed', error);
      return null;
    });
    const contacts = cache?.contacts;
    if (contacts && previous.current && isSameList(previous.current, contacts)) return previous.current;
    previous.current = contacts;
    return contacts;
  }, [userId]);
}

/** Writes a change the server confirmed into the signed-in member's cache; failures are only logged. */
export function applyContactChange(change: ContactChange): Promise<void> {
  return applyChange(change);
}

/**
 * The member's contacts changed on the server in a way the answer did not show (an accepted
 * invitation adds a contact): revalidate at the spec's delay after a request (§4, 5 s).
 */
export function requestContactsRevalidation(): void {
  const userId = readSignedInUserId();
  if (userId) void scheduleRevalidation(userId);
}
