// One chart on a screen: its title and one-line explanation, the drawing at the width it is given (a
// fixed print width while printing) and the same figures as a table for screen readers and print.
import { type ReactNode, useId, useRef, useState } from 'react';
import { type ChartMotion, useChartMotion } from './chart-motion';
import { ChartTable, type ChartTableData } from './chart-table';
import styles from './charts.module.css';
import { PRINT_CHART_WIDTH, usePrinting } from './printing';
import { useElementWidth } from './use-element-width';

export interface ChartSize {
  width: number;
  height: number;
}

/** What every chart takes from its screen. */
export interface ChartLabels {
  title: string;
  /** One line saying what the figure means ("New contacts per day over the range"). */
  description?: ReactNode;
  /** A fixed width in pixels; without it the chart takes the width of its box. */
  width?: number;
}

export interface ChartFrameProps extends ChartLabels {
  height: number;
  table: ChartTableData;
  /** Under the drawing, e.g. a legend that wraps; hidden from screen readers like the drawing. */
  legend?: ReactNode;
  /** Draws the chart; the drawing is hidden from screen readers, which read the table. */
  children: (size: ChartSize, motion: ChartMotion) => ReactNode;
}

export function ChartFrame({ title, description, height, width, table, legend, children }: ChartFrameProps) {
  const titleId = useId();
  const tableId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const measured = useElementWidth(boxRef);
  const isPrinting = usePrinting();
  const motion = useChartMotion();
  const [isTableShown, setTableShown] = useState(false);
  const drawnWidth = isPrinting ? PRINT_CHART_WIDTH : (width ?? measured);

  return (
    <figure className={styles.figure} aria-labelledby={titleId}>
      <figcaption className={styles.caption}>
        <span id={titleId} className={styles.title}>
          {title}
        </span>
        {description && <span className={styles.description}>{description}</span>}
      </figcaption>
      <div
        ref={boxRef}
        className={styles.drawing}
        style={{ height }}
        data-printing={isPrinting || undefined}
        aria-hidden="true"
      >
        {drawnWidth > 0 && children({ width: drawnWidth, height }, motion)}
      </div>
      {legend && (
        <div className={styles.legendBox} aria-hidden="true">
          {legend}
        </div>
      )}
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isTableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {isTableShown ? 'Hide table' : 'Show as table'}
      </button>
      <ChartTable id={tableId} title={title} table={table} isShown={isTableShown} />
    </figure>
  );
}
