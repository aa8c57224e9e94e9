// Figures as the dashboard shows them: the number large, its name, and its rule in one line.
import type { ReactNode } from 'react';
import styles from './admin.module.css';

export interface Figure {
  label: string;
  value: ReactNode;
  /** A second line under the value, e.g. '7 of 8 members'. */
  detail?: ReactNode;
  /** How the figure is counted, in one line (from the server's definitions). */
  rule: string | undefined;
}

/** Four to a row on wide screens, two on a phone; `isPaired` keeps two to a row everywhere. */
export function Figures({ figures, isPaired = false }: { figures: readonly Figure[]; isPaired?: boolean }) {
  return (
    <dl className={`${styles.figures} ${isPaired ? styles.paired : ''}`}>
      {figures.map((figure) => (
        <div key={figure.label} className={styles.figure}>
          <dt className={styles.figureLabel}>{figure.label}</dt>
          <dd className={styles.figureValue}>{figure.value}</dd>
          {figure.detail && <dd className={styles.figureDetail}>{figure.detail}</dd>}
          {figure.rule && <dd className={styles.figureRule}>{figure.rule}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** Under figures counted "today": whose midnight that is. */
export function TimeZoneNote({ timeZone }: { timeZone: string }) {
  return <p className={styles.note}>“Today” runs from midnight to midnight in {timeZone}.</p>;
}
