// A person's photo, or their initials when they have none: on the public card page, in the card editor,
// and in the contacts' list rows and cards. The image carries its size, so the layout never moves when it arrives.
import styles from './contact-avatar.module.css';

const STARTS_WITH_LETTER = /^\p{L}/u;

/**
 * "Ada King Lovelace" → "AK": the first letters of the first two words that begin with a letter, so
 * "Person 16 Núñez" is "PN", not "P1"; a name without such words falls back to its first two words.
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const named = words.filter((word) => STARTS_WITH_LETTER.test(word));
  return (named.length > 0 ? named : words)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/**
 * Shown sizes in CSS pixels: a row of a list, a card; the contacts screen's row and contact card. Classes,
 * not style attributes (the card page's CSP).
 */
const SIZES = { list: 40, card: 64, contactRow: 44, contactCard: 56 } as const;
type RoundSize = 'list' | 'card';

interface ContactAvatarProps {
  /** A contact, a card or an account's card: its name, and its photo's URLs when it has one. */
  person: { name: string; photoURL?: string; photoThumbnailURL?: string };
  size?: keyof typeof SIZES;
  /** A place's own shape for it (the contacts screen's rounded squares), instead of the round one. */
  className?: string;
}

/** Decorative beside the person's name: the name is always written next to it. */
export function ContactAvatar({ person, size = 'list', className }: ContactAvatarProps) {
  const classes = className ?? `${styles.avatar} ${styles[size as RoundSize]}`;
  const pixels = SIZES[size];
  if (person.photoURL) {
    // The small one (96 px) for lists, the full one (400 px) on sharp or large screens.
    const small = person.photoThumbnailURL || person.photoURL;
    // Keyed by the photo: a list row drawn again for another person (virtual-list.tsx keeps its rows)
    // gets a new image, where a changed `src` would show the last person's face until the new one loads.
    return (
      <img
        key={person.photoURL}
        className={classes}
        src={small}
        srcSet={`${small} 96w, ${person.photoURL} 400w`}
        sizes={`${pixels}px`}
        width={pixels}
        height={pixels}
        alt=""
        decoding="async"
      />
    );
  }
  return (
    <span className={classes} aria-hidden="true">
      {initialsOf(person.name)}
    </span>
  );
}
