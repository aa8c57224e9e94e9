// One contact in the list: the card's photo or initials, name, role and company, where and when met, the flag and whether a
// change waits for the connection; the words searched for are highlighted. When the search matched only
// the e-mail or the notes, the last line shows that match instead of the meeting, so the row says why
// it is there.
import { type CSSProperties, memo } from 'react';
import type { Contact } from '../../../contract/contacts';
import { ContactAvatar } from '../../ui/contact-avatar';
import { formatDate } from '../../ui/format';
import { Icon } from '../../ui/icon';
import styles from './contact-row.module.css';
import { excerptAroundMatch, hasMatch, highlightMatches } from './contact-search';

/** Every row is this tall (contact-row.module.css lays out three lines in it); the list relies on it. */
export const CONTACT_ROW_HEIGHT_PX = 76;

function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightMatches(text, words).map((piece, at) =>
        piece.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text, in order.
          <mark key={at}>{piece.text}</mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** Each contact's met line, kept per contact object: rows are drawn again on every keystroke of a search. */
const metLines = new WeakMap<Contact, string>();

/** Where and when they met: "Web Summit 2026 · near Lisbon, Portugal · 12 Nov 2026". */
function metLine(contact: Contact): string {
  let line = metLines.get(contact);
  if (line === undefined) {
    const time = Date.parse(contact.connectedAt);
    const day = Number.isNaN(time) ? null : formatDate(time, 'medium');
    line = [contact.event, contact.whereMet && `Met ${contact.whereMet}`, day].filter(Boolean).join(' · ');
    metLines.set(contact, line);
  }
  return line;
}

/** The e-mail or note that a query word matched when the shown lines did not; null otherwise. */
function hiddenMatch(contact: Contact, words: readonly string[], shown: string): string | null {
  const unexplained = words.filter((word) => !hasMatch(shown, [word]));
  if (unexplained.length === 0) return null;
  if (contact.email && hasMatch(contact.email, unexplained)) return contact.email;
  const note = excerptAroundMatch(contact.notes, unexplained);
  return note && `Note: ${note}`;
}

interface ContactRowProps {
  contact: Contact;
  /** The folded query words to highlight. */
  words: readonly string[];
  id: string;
  style: CSSProperties;
  position: number;
  count: number;
  /** Shown in the detail view beside the list. */
  isSelected: boolean;
  /** Where the keyboard is in the list. */
  isActive: boolean;
  isPending: boolean;
  onOpen: (contactId: string) => void;
}

/**
 * Whether a row would draw the same: a search's keystroke draws the list again, and a row whose contact,
 * words and place are unchanged (a space typed, or its contact kept where it was) is left as it is. The
 * place is compared by value: the list gives every row a new style object on each draw.
 */
function isSameRow(previous: ContactRowProps, next: ContactRowProps): boolean {
  return (Object.keys(next) as (keyof ContactRowProps)[]).every((key) =>
    key === 'style'
      ? previous.style.top === next.style.top && previous.style.height === next.style.height
      : Object.is(previous[key], next[key]),
  );
}

export const ContactRow = memo(function ContactRow({
  contact,
  words,
  id,
  style,
  position,
  count,
  isSelected,
  isActive,
  isPending,
  onOpen,
}: ContactRowProps) {
  const headline = [contact.role, contact.company].filter(Boolean).join(' · ');
  const met = metLine(contact);
  const match = words.length > 0 ? hiddenMatch(contact, words, `${contact.name} ${headline} ${met}`) : null;

  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant), as the listbox pattern asks.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys of its active option.
    <div
      id={id}
      role="option"
      aria-selected={isSelected}
      aria-posinset={position}
      aria-setsize={count}
      className={`${styles.row} ${isActive ? styles.active : ''}`}
      style={style}
      onClick={() => onOpen(contact._id)}
    >
      <ContactAvatar person={contact} size="contactRow" className={styles.avatar} />
      <span className={styles.text}>
        <span className={styles.name}>
          <Highlighted text={contact.name} words={words} />
        </span>
        {headline && (
          <span className={styles.line}>
            <Highlighted text={headline} words={words} />
          </span>
        )}
        {(match ?? met) && (
          <span className={`${styles.line} ${styles.faint}`}>
            <Highlighted text={match ?? met} words={words} />
          </span>
        )}
      </span>
      <span className={styles.marks}>
        {contact.isFlagged && (
          <span className={styles.flagged} title="Flagged">
            <Icon name="flag" size={18} />
            <span className="visually-hidden">, flagged</span>
          </span>
        )}
        {isPending && (
          <span className={styles.pending} title="Waiting for connection">
            <Icon name="hourglass" size={16} />
            <span className="visually-hidden">, waiting for connection</span>
          </span>
        )}
      </span>
    </div>
  );
}, isSameRow);
