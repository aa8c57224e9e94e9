// On wide screens, every contact by name beside the one shown: a click shows that contact. Long lists
// grow as they are scrolled, so thousands of contacts do not slow the screen's first paint.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Contact } from '../../../contract/contacts';
import styles from './contacts.module.css';

/** Where the list fits beside the card and its panel (contacts.module.css uses the same width). */
const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
/** Rows drawn at first and added each time the end of the list scrolls into view. */
const LIST_STEP = 100;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => false,
  );
}

interface ContactListProps {
  contacts: Contact[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

export function ContactList({ contacts, selectedIndex, onSelect }: ContactListProps) {
  const [shownCount, setShownCount] = useState(() => Math.max(LIST_STEP, selectedIndex + 1));
  const endRef = useRef<HTMLLIElement>(null);
  const hasMore = shownCount < contacts.length;

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShownCount((count) => count + LIST_STEP);
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <nav className={styles.list} aria-label="All contacts">
      <ul className={styles.listItems}>
        {contacts.slice(0, Math.max(shownCount, selectedIndex + 1)).map((contact, index) => (
          <li key={contact._id}>
            <button
              type="button"
              className={styles.listEntry}
              aria-current={index === selectedIndex ? 'true' : undefined}
              onClick={() => onSelect(index)}
            >
              <span className={styles.listName}>{contact.name}</span>
              {contact.company && <span className={styles.listCompany}>{contact.company}</span>}
            </button>
          </li>
        ))}
        {hasMore && <li ref={endRef} className={styles.listEnd} aria-hidden="true" />}
      </ul>
    </nav>
  );
}
