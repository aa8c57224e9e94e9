// The A–Z index beside the list on phones, when the list is in name or company order: a tap on a letter
// jumps to the first contact under it, as in a phone's own contacts app. Only letters that head someone
// are shown, so every one is a target worth a tap and the strip fits a phone's height.
import type { Contact } from '../../../contract/contacts';
import { fold } from './contact-search';
import styles from './contacts-finder.module.css';

/** The letter a text is filed under: its first letter without accents, or "#" for anything else. */
export function letterOf(text: string): string {
  const first = fold(text.trim()).charAt(0);
  return /[a-z]/.test(first) ? first.toUpperCase() : '#';
}

/** Each letter that heads a contact, in list order, with the row of the first contact under it. */
export function lettersOf(contacts: readonly Contact[], field: 'name' | 'company'): Map<string, number> {
  const letters = new Map<string, number>();
  contacts.forEach((contact, row) => {
    const text = contact[field];
    if (!text.trim()) return;
    const letter = letterOf(text);
    if (!letters.has(letter)) letters.set(letter, row);
  });
  return letters;
}

interface AlphabetIndexProps {
  letters: ReadonlyMap<string, number>;
  onJump: (row: number) => void;
}

export function AlphabetIndex({ letters, onJump }: AlphabetIndexProps) {
  return (
    <nav className={styles.alphabet} aria-label="Jump to letter">
      {[...letters].map(([letter, row]) => (
        <button
          key={letter}
          type="button"
          className={styles.letter}
          aria-label={letter === '#' ? 'Jump to names not starting with a letter' : `Jump to ${letter}`}
          onClick={() => onJump(row)}
        >
          {letter}
        </button>
      ))}
    </nav>
  );
}
