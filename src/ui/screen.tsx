// The frame of a signed-in screen: a Back link, the screen's title, and its content in one column.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './screen.module.css';

interface ScreenProps {
  title: string;
  /** Where Back leads; a screen without one (a confirmation page) offers its own way out. */
  backTo?: string;
  children: ReactNode;
}

export function Screen({ title, backTo, children }: ScreenProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        {backTo && (
          <Link to={backTo} className={styles.back}>
            <span aria-hidden="true">←</span> Back
          </Link>
        )}
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
