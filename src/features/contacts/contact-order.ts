// The sort modes of the contacts screen (spec §4 Contacts page) and the ignored-contacts list (spec §3).
import type { Contact } from '../../../contract/contacts';
import { mostRecentFirst } from '../../db/contacts-cache';
import { Stored } from '../../session/browser-storage';

export const SORT_MODES = [
  { id: 'recent', label: 'Most recent' },
  { id: 'name', label: 'Name' },
  { id: 'company', label: 'Company' },
  { id: 'flagged', label: 'Flagged only' },
] as const;
export type SortMode = (typeof SORT_MODES)[number]['id'];

export function isSortMode(value: string): value is SortMode {
  return SORT_MODES.some((mode) => mode.id === value);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function byRecent(a: Contact, b: Contact): number {
  return Date.parse(b.connectedAt) - Date.parse(a.connectedAt);
}

/** Empty values go last, so "no company" never heads the list. */
function byText(field: 'name' | 'company') {
  return (a: Contact, b: Contact) => {
    const left = a[field].trim();
    const right = b[field].trim();
    if (!left !== !right) return left ? -1 : 1;
    return collator.compare(left, right) || collator.compare(a.name, b.name) || byRecent(a, b);
  };
}

/** The contacts to show, in the order of `mode`; 'flagged' keeps only flagged ones, newest first. */
export function orderContacts(contacts: readonly Contact[], mode: SortMode): Contact[] {
  switch (mode) {
    case 'recent':
      return mostRecentFirst(contacts);
    case 'name':
      return [...contacts].sort(byText('name'));
    case 'company':
      return [...contacts].sort(byText('company'));
    case 'flagged':
      return mostRecentFirst(contacts.filter((contact) => contact.isFlagged));
  }
}

/** Contact ids whose Send Card is hidden; anything unreadable in storage is dropped. */
export function readIgnoredContacts(): string[] {
  return Stored.ignoredContacts.read() ?? [];
}

export function writeIgnoredContacts(ids: readonly string[]): void {
  Stored.ignoredContacts.write([...ids]);
}
