// A chart's legend as a list under it: it wraps on a phone, where a legend drawn inside the chart
// would run off its edge.
import styles from './charts.module.css';

export interface LegendItem {
  label: string;
  color: string;
}

export function SeriesLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <ul className={styles.legend}>
      {items.map((item) => (
        <li key={item.label}>
          <span className={styles.swatch} style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
