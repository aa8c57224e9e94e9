// The frame of a signed-in screen that is not the home screen: a Back link, the title, one centred column.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './screen-layout.module.css';

interface ScreenLayoutProps {
  title: string;
  /** Where Back goes (spec §2 names it for every screen). */
  backTo: string;
  /** For reading text, a column wider than a form's. */
  isWide?: boolean;
  children: ReactNode;
}

export function ScreenLayout({ title, backTo, isWide = false, children }: ScreenLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={`${styles.column} ${isWide ? styles.wide : ''}`}>
        <Link to={backTo} className={styles.back}>
          <span aria-hidden="true">←</span> Back
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
