// The filters of the contacts list (issue 27): flagged, met this week, at a place, at an event, with notes. They
// narrow the sorted list before the search does, and combine (all chosen ones must hold).
import type { Contact } from '../../../contract/contacts';

export interface ContactFilters {
  isFlagged: boolean;
  isThisWeek: boolean;
  hasNotes: boolean;
  /** A place as the contacts carry it ("near Lyon, France"); null for anywhere. */
  place: string | null;
  /** An event's name ("Web Summit 2026"); null for any or none. */
  event: string | null;
}

export const NO_FILTERS: ContactFilters = {
  isFlagged: false,
  isThisWeek: false,
  hasNotes: false,
  place: null,
  event: null,
};

export function hasFilters(filters: ContactFilters): boolean {
  return (
    filters.isFlagged ||
    filters.isThisWeek ||
    filters.hasNotes ||
    filters.place !== null ||
    filters.event !== null
  );
}

/** Monday 00:00 of the week `now` falls in, in the member's time zone (ISO weeks start on Monday). */
export function startOfWeek(now: Date): number {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return start.getTime();
}

export function filterContacts(
  contacts: readonly Contact[],
  filters: ContactFilters,
  now: Date,
): readonly Contact[] {
  if (!hasFilters(filters)) return contacts;
  const weekStart = startOfWeek(now);
  return contacts.filter(
    (contact) =>
      (!filters.isFlagged || contact.isFlagged) &&
      (!filters.hasNotes || contact.notes.trim() !== '') &&
      (!filters.isThisWeek || Date.parse(contact.connectedAt) >= weekStart) &&
      (filters.place === null || contact.whereMet === filters.place) &&
      (filters.event === null || contact.event === filters.event),
  );
}

/** The places contacts were met at, the most frequent first, for the place filter's choices. */
export function placesMet(contacts: readonly Contact[]): string[] {
  return mostFrequent(contacts.map((contact) => contact.whereMet));
}

/** The events contacts are tagged with, the most frequent first, for the event filter's choices. */
export function eventsOf(contacts: readonly { event?: string | null }[]): string[] {
  return mostFrequent(contacts.map((contact) => contact.event));
}

function mostFrequent(values: readonly (string | null | undefined)[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) {
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([placeA, countA], [placeB, countB]) => countB - countA || placeA.localeCompare(placeB))
    .map(([place]) => place);
}
