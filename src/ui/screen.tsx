// The frame of a signed-in screen: a Back link, the screen's title, and its content in one column.
import type { ReactNode } from 'react';
import { BackLink } from './back-link';
import styles from './screen.module.css';

/** A form reads best narrow, a document a little wider, a screen of side-by-side panels widest. */
export type ScreenWidth = 'form' | 'reading' | 'wide';

interface ScreenProps {
  title: string;
  /** Where Back leads; a screen without one (a confirmation page) offers its own way out. */
  backTo?: string;
  width?: ScreenWidth;
  /** Beside the title, e.g. a status badge. */
  titleAside?: ReactNode;
  children: ReactNode;
}

export function Screen({ title, backTo, width = 'form', titleAside, children }: ScreenProps) {
  return (
    <main className={styles.page}>
      <div className={`${styles.column} ${styles[width]}`}>
        {backTo && <BackLink to={backTo} />}
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{title}</h1>
          {titleAside}
        </div>
        {children}
      </div>
    </main>
  );
}
