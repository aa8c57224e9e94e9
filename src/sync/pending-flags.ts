// Flag changes made without a connection (spec §4 Contacts page): kept as the state the member chose,
// shown as pending, and sent once the app is back online. Like unsaved notes they live in memory, so
// a reload before the connection returns drops them.
import { useSyncExternalStore } from 'react';
import type { Contact } from '../../contract/contacts';
import { ApiError } from '../api/client';
import { toggleFlag } from './contact-writes';

interface PendingFlag {
  contact: Contact;
  isFlagged: boolean;
}

const pending = new Map<string, PendingFlag>();
const listeners = new Set<() => void>();
let shown: ReadonlyMap<string, boolean> = new Map();
let sending: Promise<SendOutcome> | null = null;

function announce() {
  shown = new Map([...pending].map(([id, { isFlagged }]) => [id, isFlagged]));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Contact id → the flag state the member chose that the server has not confirmed yet. */
export function usePendingFlags(): ReadonlyMap<string, boolean> {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
}

/** A contact as the member sees it: with the flag they chose while it waits to be sent. */
export function withPendingFlags(contacts: Contact[], flags: ReadonlyMap<string, boolean>): Contact[] {
  if (flags.size === 0) return contacts;
  return contacts.map((contact) => {
    const isFlagged = flags.get(contact._id);
    return isFlagged === undefined || isFlagged === contact.isFlagged ? contact : { ...contact, isFlagged };
  });
}

/** Keeps `isFlagged` for `contact` until it can be sent; choosing the stored state again drops it. */
export function queueFlag(contact: Contact, isFlagged: boolean): void {
  const stored = pending.get(contact._id)?.contact ?? contact;
  if (stored.isFlagged === isFlagged) pending.delete(contact._id);
  else pending.set(contact._id, { contact: stored, isFlagged });
  announce();
}

export function hasPendingFlag(contactId: string): boolean {
  return pending.has(contactId);
}

/** No answer came back: the change did not reach the server and stays queued. */
function isUnreachable(error: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && error.status === undefined);
}

export interface SendOutcome {
  /** Still waiting: the server could not be reached. */
  isOffline: boolean;
  /** Refused by the server (e.g. the contact was deleted elsewhere); dropped from the queue. */
  refused: number;
}

/** Sends every queued flag, one at a time; a second call while sending waits for the first. */
export function sendPendingFlags(): Promise<SendOutcome> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll(): Promise<SendOutcome> {
  let refused = 0;
  // One at a time from the front: a flag the member changes again while its first change is on the way
  // stays queued with the newer choice and goes in a later round.
  for (let next = pending.entries().next(); !next.done; next = pending.entries().next()) {
    const [contactId, { contact, isFlagged }] = next.value;
    try {
      // The server toggles; another device may have changed the flag meanwhile, so check the answer.
      let isFlaggedNow = await toggleFlag(contact);
      if (isFlaggedNow !== isFlagged)
        isFlaggedNow = await toggleFlag({ ...contact, isFlagged: isFlaggedNow });
      const latest = pending.get(contactId);
      if (!latest || latest.isFlagged === isFlaggedNow) pending.delete(contactId);
      else
        pending.set(contactId, {
          contact: { ...contact, isFlagged: isFlaggedNow },
          isFlagged: latest.isFlagged,
        });
    } catch (error) {
      if (isUnreachable(error)) {
        announce();
        return { isOffline: true, refused };
      }
      pending.delete(contactId);
      refused += 1;
    }
  }
  announce();
  return { isOffline: false, refused };
}
