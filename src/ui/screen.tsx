// The frame of a signed-in screen: a Back link, the screen's title, and its content in one column.
import type { ReactNode } from 'react';
import { BackLink } from './back-link';
import styles from './screen.module.css';

interface ScreenProps {
  title: string;
  /** Where Back leads; a screen without one (a confirmation page) offers its own way out. */
  backTo?: string;
  /** For reading text, a column wider than a form's. */
  isWide?: boolean;
  children: ReactNode;
}

export function Screen({ title, backTo, isWide = false, children }: ScreenProps) {
  return (
    <main className={styles.page}>
      <div className={isWide ? `${styles.column} ${styles.wide}` : styles.column}>
        {backTo && <BackLink to={backTo} />}
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
