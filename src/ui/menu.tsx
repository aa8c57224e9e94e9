// A list of entries that each open a screen or do one thing (the settings menus).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './menu.module.css';

export function Menu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.menu}>{children}</ul>
    </nav>
  );
}

export function MenuLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <li>
      <Link to={to} state={state} className={styles.entry}>
        {children}
        <span aria-hidden="true" className={styles.chevron}>
          ›
        </span>
      </Link>
    </li>
  );
}

/** An entry that acts in place; `danger` marks one that ends something (Log Out). */
export function MenuButton({
  onClick,
  isDanger = false,
  children,
}: {
  onClick: () => void;
  isDanger?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <button type="button" className={`${styles.entry} ${isDanger ? styles.danger : ''}`} onClick={onClick}>
        {children}
      </button>
    </li>
  );
}
