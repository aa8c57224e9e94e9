// What the contacts list shows: the member's contacts in the chosen order (spec §4 sort modes), narrowed by
// the filters, then by the search. Each step is kept until its own inputs change, so a keystroke only
// searches again and a new order only sorts again.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import { yieldToInput } from '../../sync/yield-to-input';
import {
  type ContactFilters,
  eventsOf,
  filterContacts,
  hasFilters,
  NO_FILTERS,
  placesMet,
} from './contact-filters';
import { orderContacts, type SortMode } from './contact-order';
import { type ContactSearch, prepareSearch, queryWords, searchContacts } from './contact-search';

export interface ContactFinder {
  sortMode: SortMode;
  setSortMode: (mode: SortMode) => void;
  query: string;
  setQuery: (query: string) => void;
  filters: ContactFilters;
  setFilters: (filters: ContactFilters) => void;
  /** The folded words of the query, for highlighting. */
  words: readonly string[];
  /** The contacts listed, in order. */
  shown: readonly Contact[];
  /**
   * Whether what was asked (a search, a filter, another order) waits for the whole list: only its first
   * screenful is read yet, which answers nothing but the default order.
   */
  isWaiting: boolean;
  /** Places contacts were met at, for the place filter. */
  places: readonly string[];
  /** Events contacts are tagged with, for the event filter. */
  events: readonly string[];
}

const NO_CONTACTS: readonly Contact[] = [];

/**
 * Where the contact with `contactId` is among those shown; -1 when it is not, or none is asked for: every
 * keystroke of a search draws the screen again, and it should not look through 5,000 contacts for nobody.
 */
export function indexOfContact(shown: readonly Contact[], contactId: string | null): number {
  return contactId === null ? -1 : shown.findIndex((contact) => contact._id === contactId);
}

/**
 * `contacts` is the whole list when `isComplete`, else its first screenful (most recent first): what is
 * asked meanwhile is kept, and answered from the whole list when it arrives.
 */
export function useContactFinder(contacts: readonly Contact[] | undefined, isComplete = true): ContactFinder {
  const [sortMode, setSortMode] = useState<SortMode>('recent');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState(NO_FILTERS);
  const lastSearch = useRef<ContactSearch | null>(null);
  const whole = isComplete ? contacts : undefined;

  const sorted = useMemo(() => (contacts ? orderContacts(contacts, sortMode) : []), [contacts, sortMode]);
  const filtered = useMemo(() => filterContacts(sorted, filters, new Date()), [sorted, filters]);
  const lastWords = useRef<readonly string[]>([]);
  // A keystroke that leaves the words as they were (a space, a comma) keeps the same array: nothing is
  // searched or drawn again.
  const words = useMemo(() => {
    const next = queryWords(query);
    const last = lastWords.current;
    if (next.length === last.length && next.every((word, at) => word === last[at])) return last;
    lastWords.current = next;
    return next;
  }, [query]);
  const shown = useMemo(() => {
    // A word typed on (or added) can only narrow what the last search found: it starts from there.
    lastSearch.current = searchContacts(filtered, words, lastSearch.current);
    return lastSearch.current.found;
  }, [filtered, words]);
  const places = useMemo(() => (whole ? placesMet(whole) : []), [whole]);
  const events = useMemo(() => (whole ? eventsOf(whole) : []), [whole]);
  const isWaiting = !isComplete && (words.length > 0 || hasFilters(filters) || sortMode !== 'recent');

  // The first keystroke should not pay for reading every contact: that is done once the list is shown,
  // and again for the list as filtered and ordered when that changes (each contact is read only once).
  useEffect(() => (whole ? prepareSearch(filtered, yieldToInput) : undefined), [whole, filtered]);

  return {
    sortMode,
    setSortMode,
    query,
    setQuery,
    filters,
    setFilters,
    words,
    shown: isWaiting ? NO_CONTACTS : shown,
    isWaiting,
    places,
    events,
  };
}
