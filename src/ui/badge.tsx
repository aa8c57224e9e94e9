// A small status label, e.g. a card's Active / Not Activated state.
import type { ReactNode } from 'react';
import styles from './badge.module.css';

export function Badge({ tone, children }: { tone: 'success' | 'neutral'; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
