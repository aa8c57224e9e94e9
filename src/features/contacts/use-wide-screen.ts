// How much room the contacts screen has (contacts.module.css uses the same widths): from 1024 px the list
// and the contact shown sit side by side; from 1280 px the contact's Map / Notes panel also sits beside
// the card instead of under it.
import { useSyncExternalStore } from 'react';

const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
const ROOM_FOR_PANEL_QUERY = '(min-width: 1280px)';

/** One list per query: every render reads it (each keystroke of a search), and `matchMedia` makes a new one. */
const mediaQueryLists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = mediaQueryLists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    mediaQueryLists.set(query, list);
  }
  return list;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query).matches,
    () => false,
  );
}

export function useIsWideScreen(): boolean {
  return useMediaQuery(WIDE_SCREEN_QUERY);
}

export function useHasRoomForPanel(): boolean {
  return useMediaQuery(ROOM_FOR_PANEL_QUERY);
}
