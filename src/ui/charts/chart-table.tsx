// The figures of a chart as a table: what a screen reader reads and what a printed page shows.
import styles from './charts.module.css';

export type ChartCell = string | number;

export interface ChartTableData {
  /** Column headings; the first names the row labels (Country, Date, …). */
  columns: readonly string[];
  /** One row per category or date; the first cell is the row's label. */
  rows: readonly (readonly ChartCell[])[];
}

function formatCell(cell: ChartCell): string {
  return typeof cell === 'number' ? cell.toLocaleString() : cell;
}

export function ChartTable({
  id,
  title,
  table,
  isShown,
}: {
  id: string;
  title: string;
  table: ChartTableData;
  isShown: boolean;
}) {
  return (
    <div className={isShown ? styles.tableBoxShown : styles.tableBox}>
      <table id={id} className={isShown ? styles.tableShown : styles.table}>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([label, ...values]) => (
            <tr key={String(label)}>
              <th scope="row">{label === undefined ? '' : formatCell(label)}</th>
              {values.map((value, index) => (
                // Cells of a row are positional: a column has at most one value per row.
                // biome-ignore lint/suspicious/noArrayIndexKey: the column index is the cell's identity.
                <td key={index}>{formatCell(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
