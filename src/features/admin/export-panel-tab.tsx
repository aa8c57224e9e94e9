// A tab of one panel whose rows export as CSV (Devices, Geographic): the export only when there are rows,
// else the spec's message for no data.
import type { ReactNode } from 'react';
import type { AdminExportTable } from '../../../contract/admin-analytics';
import { Panel } from '../../ui/panel';
import styles from './admin.module.css';
import { ExportButton } from './export-button';

interface ExportPanelTabProps {
  title: string;
  description: ReactNode;
  table: AdminExportTable;
  isEmpty: boolean;
  /** Shown instead of the rows when there are none, e.g. 'No device data available'. */
  emptyMessage: string;
  children: ReactNode;
}

export function ExportPanelTab({
  title,
  description,
  table,
  isEmpty,
  emptyMessage,
  children,
}: ExportPanelTabProps) {
  return (
    <div className={styles.tabBody}>
      <Panel
        title={title}
        description={description}
        aside={!isEmpty && <ExportButton table={table} label="Export CSV" />}
      >
        {isEmpty ? <p className={styles.empty}>{emptyMessage}</p> : children}
      </Panel>
    </div>
  );
}
