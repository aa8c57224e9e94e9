// What the contacts list shows: the member's contacts in the chosen order (spec §4 sort modes), narrowed by
// the filters, then by the search. Each step is kept until its own inputs change, so a keystroke only
// searches again and a new order only sorts again.
import { useEffect, useMemo, useState } from 'react';
import type { Contact } from '../../../contract/contacts';
import { type ContactFilters, eventsOf, filterContacts, NO_FILTERS, placesMet } from './contact-filters';
import { orderContacts, type SortMode } from './contact-order';
import { prepareSearch, queryWords, searchContacts } from './contact-search';

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
  /** Places contacts were met at, for the place filter. */
  places: readonly string[];
  /** Events contacts are tagged with, for the event filter. */
  events: readonly string[];
}

export function useContactFinder(contacts: readonly Contact[] | undefined): ContactFinder {
  const [sortMode, setSortMode] = useState<SortMode>('recent');
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState(NO_FILTERS);

  const sorted = useMemo(() => (contacts ? orderContacts(contacts, sortMode) : []), [contacts, sortMode]);
  const filtered = useMemo(() => filterContacts(sorted, filters, new Date()), [sorted, filters]);
  const words = useMemo(() => queryWords(query), [query]);
  const shown = useMemo(() => searchContacts(filtered, words), [filtered, words]);
  const places = useMemo(() => (contacts ? placesMet(contacts) : []), [contacts]);
  const events = useMemo(() => (contacts ? eventsOf(contacts) : []), [contacts]);

  // The first keystroke should not pay for reading every contact: that is done once the list is shown.
  useEffect(() => (contacts ? prepareSearch(contacts) : undefined), [contacts]);

  return { sortMode, setSortMode, query, setQuery, filters, setFilters, words, shown, places, events };
}
