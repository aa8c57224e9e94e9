// What the map shows (issue 27): everyone, or only those met at one event, or within a recent time.
import type { MapContact } from '../../../contract/contacts';

export const TIME_WINDOWS = [
  { id: 'all', label: 'Any time', days: null },
  { id: 'week', label: 'Past 7 days', days: 7 },
  { id: 'month', label: 'Past 30 days', days: 30 },
  { id: 'year', label: 'Past year', days: 365 },
] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number]['id'];

export function isTimeWindow(value: string): value is TimeWindow {
  return TIME_WINDOWS.some((window) => window.id === value);
}

const DAY_MS = 86_400_000;

export interface MapFilters {
  event: string | null;
  time: TimeWindow;
}

export function filterMapContacts(
  contacts: readonly MapContact[],
  { event, time }: MapFilters,
  now: number,
): MapContact[] {
  const days = TIME_WINDOWS.find((window) => window.id === time)?.days ?? null;
  const since = days === null ? null : now - days * DAY_MS;
  return contacts.filter(
    (contact) =>
      (event === null || contact.event === event) &&
      (since === null || Date.parse(contact.dateAdded) >= since),
  );
}

/** The events the located contacts carry, in the order of their names. */
export function mapEvents(contacts: readonly MapContact[]): string[] {
  const names = new Set<string>();
  for (const contact of contacts) if (contact.event) names.add(contact.event);
  return [...names].sort((a, b) => a.localeCompare(b));
}
