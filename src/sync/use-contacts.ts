// The signed-in member's contacts for screens: a live view of the cache, and the way to write a change
// the server confirmed into it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { Contact } from '../../contract/contacts';
import { startContactListWorker } from '../db/contact-list-reader';
import {
  type ContactChange,
  type ReadSteps,
  readContactsCache,
  readContactsCacheInSteps,
  readFirstScreenful,
} from '../db/contacts-cache';
import { readSignedInUserId, useSignedInUserId } from '../session/signed-in-user';
import { applyChange, revalidateOnContactsLoad, scheduleRevalidation } from './contacts-revalidation';
import { yieldToInput } from './yield-to-input';

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

  useEffect(() => {
    if (userId) void revalidateOnContactsLoad(userId);
  }, [userId]);

  return useWholeList(userId, true);
}

/** The member's contacts as the contacts screen shows them while it opens. */
export interface ContactList {
  /** The whole list once read, its first screenful before; undefined while neither is known. */
  contacts: Contact[] | undefined;
  /** How many contacts the member has; undefined while nothing is known. */
  count: number | undefined;
  /** Whether `contacts` is the whole list. */
  isComplete: boolean;
}

/** The screen's read of the whole list: in a worker, handed over in parts, checked in steps (docs/budgets.md). */
const READ_IN_STEPS: ReadSteps = { pause: yieldToInput, startWorker: startContactListWorker };

/**
 * Like `useContacts`, but what grows with the list waits until the first screenful is painted: the cache's
 * first screenful (a small record) shows first, and the whole list is read, checked and handed over only
 * once the browser has drawn it (docs/budgets.md, 5,000 contacts as fast as 10).
 */
export function useContactList(): ContactList {
  const userId = useSignedInUserId();
  const [isWholeListDue, setIsWholeListDue] = useState(false);

  useEffect(() => {
    if (userId) void revalidateOnContactsLoad(userId);
  }, [userId]);

  const first = useLiveQuery(
    async () => (userId ? await readFirstScreenful(userId).catch(() => null) : null),
    [userId],
  );
  const isFirstKnown = first !== undefined;
  // A task queued from the next animation frame runs once that frame is painted.
  useEffect(() => {
    if (!isFirstKnown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setIsWholeListDue(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isFirstKnown]);

  const whole = useWholeList(userId, isWholeListDue, READ_IN_STEPS);
  if (whole) return { contacts: whole, count: whole.length, isComplete: true };
  if (first) return { contacts: first.contacts, count: first.count, isComplete: false };
  return { contacts: undefined, count: undefined, isComplete: false };
}

/**
 * The member's whole cached list, live; undefined until `isDue`, without a valid cache or anyone signed in.
 * With `steps`, it is read in a worker and checked in steps, letting the browser handle input between them.
 */
function useWholeList(userId: string | null, isDue: boolean, steps?: ReadSteps): Contact[] | undefined {
  const previous = useRef<Contact[] | undefined>(undefined);
  return useLiveQuery(async () => {
    if (!userId || !isDue) return undefined;
    const read = steps ? readContactsCacheInSteps(userId, steps) : readContactsCache(userId);
    const cache = await read.catch((error: unknown) => {
      console.warn('Contacts cache: read failed', error);
      return null;
    });
    const contacts = cache?.contacts;
    if (contacts && previous.current && isSameList(previous.current, contacts)) return previous.current;
    previous.current = contacts;
    return contacts;
  }, [userId, isDue]);
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
