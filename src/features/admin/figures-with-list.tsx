// A tab of figures counted "today" over a list of the latest rows, exportable as CSV (Users, Sessions).
import type { ReactNode } from 'react';
import type { AdminExportTable } from '../../../contract/admin-analytics';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { ExportButton } from './export-button';
import { type Figure, Figures, TimeZoneNote } from './figures';

interface FiguresWithListProps {
  figures: readonly Figure[];
  timeZone: string;
  listTitle: string;
  table: AdminExportTable;
  children: ReactNode;
}

export function FiguresWithList({ figures, timeZone, listTitle, table, children }: FiguresWithListProps) {
  return (
    <div className={styles.tabBody}>
      <Figures figures={figures} />
      <TimeZoneNote timeZone={timeZone} />
      <Panel title={listTitle} aside={<ExportButton table={table} label="Export CSV" />}>
        {children}
      </Panel>
    </div>
  );
}
