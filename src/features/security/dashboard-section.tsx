// The two frames the dashboard's parts sit in: a titled section of cards, and one titled card.
import type { ReactNode } from 'react';
import styles from './dashboard.module.css';

interface FrameProps {
  /** The heading's id, which names the region for screen readers. */
  id: string;
  title: string;
  children: ReactNode;
}

export function DashboardSection({ id, title, children }: FrameProps) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A card of its own; `empty` is what it says instead of its content when it has nothing to show. */
export function DashboardCard({ id, title, empty, children }: FrameProps & { empty?: string | false }) {
  return (
    <section aria-labelledby={id} className={styles.card}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {empty ? <p className={styles.muted}>{empty}</p> : children}
    </section>
  );
}
