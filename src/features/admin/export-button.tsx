// Downloads one of the dashboard's tables as CSV, as the server writes it out.
import type { AdminExportTable } from '../../../contract/admin-analytics';
import { exportAdminTable } from '../../api/admin-analytics';
import { Button } from '../../ui/button';
import { saveFile } from '../../ui/save-file';
import styles from './admin.module.css';
import { failureText, useOperatorAction } from './operator-action';

/** §8 wording of a failed export, with what went wrong after it. */
export const EXPORT_FAILED = 'Failed to export data';

export function csvFileName(name: string, now = new Date()): string {
  return `tapnet-${name}-${now.toISOString().slice(0, 10)}.csv`;
}

export function ExportButton({ table, label }: { table: AdminExportTable; label: string }) {
  const exporting = useOperatorAction(exportAdminTable, (csv: string) =>
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(table)),
  );
  const failure = failureText(exporting.error);
  return (
    <div className={styles.export}>
      <Button
        variant="secondary"
        className={styles.smallButton}
        isBusy={exporting.isBusy}
        busyLabel="Exporting..."
        onClick={() => void exporting.run(table)}
      >
        {label}
      </Button>
      {failure && (
        <p role="alert" className={styles.error}>
          {EXPORT_FAILED}: {failure}
        </p>
      )}
    </div>
  );
}
