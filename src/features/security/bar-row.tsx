// One labelled figure with a bar drawn to scale; the figure is the text a screen reader reads, the bar only
// shows it.
import styles from './dashboard.module.css';

interface BarRowProps {
  label: string;
  /** 0 to 100: how much of the bar is filled. */
  percent: number;
  value: string | number;
  fillClassName?: string;
}

export function BarRow({ label, percent, value, fillClassName }: BarRowProps) {
  return (
    <li className={styles.barRow}>
      <span>{label}</span>
      <span className={styles.bar} aria-hidden="true">
        <span
          className={[styles.barFill, fillClassName].filter(Boolean).join(' ')}
          style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
        />
      </span>
      <span className={styles.barValue}>{value}</span>
    </li>
  );
}
