// One figure as a card: its name, its value, the line that says what it means, and the period before.
import type { ReactNode } from 'react';
import styles from './analytics.module.css';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** One line: what the figure is ("Networking velocity: new contacts per week over the range"). */
  explanation: string;
  /** The same figure one period earlier, or how it changed. */
  comparison?: string;
}

/** The definitions carry their figure's name before a colon; the card already shows it as its label. */
function withoutName(explanation: string): string {
  const colon = explanation.indexOf(': ');
  if (colon <= 0 || colon >= 40) return explanation;
  const rest = explanation.slice(colon + 2);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export function StatCard({ label, value, explanation, comparison }: StatCardProps) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{value}</dd>
      {comparison && <dd className={styles.statComparison}>{comparison}</dd>}
      <dd className={styles.statExplanation}>{withoutName(explanation)}</dd>
    </div>
  );
}

/** Cards in a grid: one column on a phone, as many as fit on a desktop. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl className={styles.stats} aria-label={label}>
      {children}
    </dl>
  );
}
