// One contact at a time (spec §2 /contacts): previous/next buttons, arrow keys, touch swipes, and dots
// for short lists. A region with "Contact 2 of 5" slides for screen readers (WAI-ARIA carousel pattern).
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Icon } from '../../ui/icon';
import styles from './contacts.module.css';

/** Spec §9: the dots show for 1 to 15 contacts; more would not fit and could not be told apart. */
export const MAX_INDICATORS = 15;
/** A horizontal move this long (px) counts as a swipe rather than a tap or a scroll. */
const SWIPE_MIN_PX = 40;

interface ContactCarouselProps {
  count: number;
  index: number;
  /** Which way the last move went, so the card slides in from that side. */
  direction: 'previous' | 'next' | 'none';
  onSelect: (index: number) => void;
  nameAt: (index: number) => string;
  /** The shown contact's id: a new one slides in. */
  slideKey: string;
  children: ReactNode;
}

export function ContactCarousel({
  count,
  index,
  direction,
  onSelect,
  nameAt,
  slideKey,
  children,
}: ContactCarouselProps) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const hasPrevious = index > 0;
  const hasNext = index < count - 1;

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [role="tablist"]')) return;
    if (event.key === 'ArrowLeft' && hasPrevious) onSelect(index - 1);
    else if (event.key === 'ArrowRight' && hasNext) onSelect(index + 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Contacts"
      onKeyDown={handleKeyDown}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA carousel pattern), not a form fieldset. */}
      <div
        key={slideKey}
        className={`${styles.slide} ${direction === 'none' ? '' : styles[direction]}`}
        role="group"
        aria-roledescription="slide"
        aria-label={`Contact ${index + 1} of ${count}`}
        aria-live="polite"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (!start || !touch) return;
          const dx = touch.clientX - start.x;
          if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return;
          if (dx < 0 && hasNext) onSelect(index + 1);
          if (dx > 0 && hasPrevious) onSelect(index - 1);
        }}
      >
        {children}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={`${styles.arrow} ${styles.arrowPrevious}`}
          aria-label="Previous contact"
          disabled={!hasPrevious}
          onClick={() => onSelect(index - 1)}
        >
          <Icon name="back" />
        </button>
        {count <= MAX_INDICATORS ? (
          <div className={styles.dots}>
            {Array.from({ length: count }, (_, dot) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is a position, not a contact.
                key={dot}
                type="button"
                className={styles.dot}
                aria-label={`Show contact ${dot + 1}: ${nameAt(dot)}`}
                aria-current={dot === index ? 'true' : undefined}
                onClick={() => onSelect(dot)}
              />
            ))}
          </div>
        ) : (
          <p className={styles.position} aria-hidden="true">
            {index + 1} / {count}
          </p>
        )}
        <button
          type="button"
          className={`${styles.arrow} ${styles.arrowNext}`}
          aria-label="Next contact"
          disabled={!hasNext}
          onClick={() => onSelect(index + 1)}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
    </section>
  );
}
