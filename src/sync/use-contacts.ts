// STAND-IN (interfaces.md): the sync helper's Dexie-backed version replaces this file at merge. It keeps
// the agreed signatures and only what the contacts screen needs to run: the list from the server, held
// in memory, fetched again whenever the offline queue changes (a replayed save is a new contact).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import type { Contact } from '../../contract/contacts';
import { listContacts } from '../api/contacts';
import { db } from '../db/tapnet-db';

export type ContactChange = { type: 'upsert'; contact: Contact } | { type: 'remove'; contactId: string };

let contacts: Contact[] | undefined;
const listeners = new Set<() => void>();

function publish(next: Contact[]): void {
  contacts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in member's contacts, newest first; undefined while nothing is known yet. */
export function useContacts(): Contact[] | undefined {
  const queued = useLiveQuery(() => db.outbox.count());
  useEffect(() => {
    if (queued === undefined) return;
    listContacts()
      .then(publish)
      .catch(() => publish(contacts ?? []));
  }, [queued]);
  return useSyncExternalStore(subscribe, () => contacts);
}

/** Writes a change the server confirmed into the member's contacts. */
export async function applyContactChange(change: ContactChange): Promise<void> {
  const current = contacts ?? [];
  if (change.type === 'remove') {
    publish(current.filter((contact) => contact._id !== change.contactId));
    return;
  }
  const exists = current.some((contact) => contact._id === change.contact._id);
  publish(
    exists
      ? current.map((contact) => (contact._id === change.contact._id ? change.contact : contact))
      : [change.contact, ...current],
  );
}
