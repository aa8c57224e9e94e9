// How much room the contacts screen has (contacts.module.css uses the same widths): from 1024 px the list
// and the contact shown sit side by side; from 1280 px the contact's Map / Notes panel also sits beside
// the card instead of under it.
import { useSyncExternalStore } from 'react';

const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
const ROOM_FOR_PANEL_QUERY = '(min-width: 1280px)';

interface MediaQueryStore {
  subscribe: (onChange: () => void) => () => void;
  matches: () => boolean;
}

/**
 * One store per query, made once: every render reads it (each keystroke of a search), `matchMedia` makes
 * a new list at each call, and a new `subscribe` would make React subscribe again at each render.
 */
const stores = new Map<string, MediaQueryStore>();

function storeOf(query: string): MediaQueryStore {
  let store = stores.get(query);
  if (!store) {
    const list = window.matchMedia(query);
    store = {
      subscribe(onChange) {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      },
      matches: () => list.matches,
    };
    stores.set(query, store);
  }
  return store;
}

function useMediaQuery(query: string): boolean {
  const store = storeOf(query);
  return useSyncExternalStore(store.subscribe, store.matches, () => false);
}

export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}

export function useHasRoomForPanel(): boolean {
  return useMediaQuery(ROOM_FOR_PANEL_QUERY);
}
