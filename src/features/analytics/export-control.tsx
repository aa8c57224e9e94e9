// CSV export of one table for the range on screen, saved as the file the server names.
import { useId, useState } from 'react';
import { ANALYTICS_EXPORT_TYPES, type AnalyticsExportType } from '../../../contract/analytics';
import { type AnalyticsSelection, exportAnalytics } from '../../api/analytics';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { saveFile } from '../../ui/save-file';
import { useAction } from '../../ui/use-action';
import styles from './analytics.module.css';
import { ANALYTICS_MESSAGES } from './analytics-messages';

const EXPORT_LABELS: Record<AnalyticsExportType, string> = {
  countries: 'Countries',
  companies: 'Companies',
  industries: 'Roles',
  engagement: 'Engagement',
  conversion: 'Conversion',
  geographical: 'Places',
};

interface ExportControlProps {
  selection: AnalyticsSelection;
  /** What the tab on screen shows, offered first. */
  suggested: AnalyticsExportType;
}

export function ExportControl({ selection, suggested }: ExportControlProps) {
  const selectId = useId();
  const [chosen, setChosen] = useState<AnalyticsExportType | null>(null);
  const type = chosen ?? suggested;
  const exporting = useAction(async () => {
    const file = await exportAnalytics(type, selection);
    saveFile(file.blob, file.fileName);
  });

  return (
    <div className={styles.export}>
      <label htmlFor={selectId} className={styles.exportLabel}>
        Table to export
      </label>
      <select
        id={selectId}
        className={styles.select}
        value={type}
        onChange={(event) =>
          setChosen(ANALYTICS_EXPORT_TYPES.find((option) => option === event.target.value) ?? null)
        }
      >
        {ANALYTICS_EXPORT_TYPES.map((option) => (
          <option key={option} value={option}>
            {EXPORT_LABELS[option]}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        isBusy={exporting.isBusy}
        busyLabel="Exporting…"
        onClick={() => void exporting.run()}
      >
        Export CSV
      </Button>
      {exporting.hasFailed && (
        <Notice tone="error" title={ANALYTICS_MESSAGES.exportFailed} onClose={exporting.reset} />
      )}
    </div>
  );
}
