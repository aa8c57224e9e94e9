// Export of stored events for a time range as CSV (issue 16 part 6), for incident reports. The range is
// read in the operator's local time; the last 24 hours to start with.
import { type FormEvent, useId, useState } from 'react';
import { exportEvents } from '../../api/security';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { saveFile } from '../../ui/save-file';
import { failureMessage, useSecurityCall } from './security-session';
import styles from './tools.module.css';

const DAY_MS = 86_400_000;

/** A Date as a `datetime-local` value in the browser's time zone (minutes, no seconds). */
function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function exportFileName(from: string, to: string): string {
  return `tapnet-security-events-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv`;
}

export function EventsExport() {
  const id = useId();
  const [range, setRange] = useState(() => {
    const now = new Date();
    return { from: toLocalInput(new Date(now.getTime() - DAY_MS)), to: toLocalInput(now) };
  });
  const exporting = useSecurityCall(exportEvents);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() };
    const outcome = await exporting.run(asked);
    if (outcome.ok) {
      saveFile(
        new Blob([outcome.result], { type: 'text/csv;charset=utf-8' }),
        exportFileName(asked.from, asked.to),
      );
    }
  }

  const failure = failureMessage(exporting.error);
  const isComplete = range.from !== '' && range.to !== '';
  return (
    <Panel
      title="Export Events"
      description="Every stored event of a time range as CSV (events are kept 30 days)."
    >
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
        <Field
          id={`${id}-from`}
          label="From"
          type="datetime-local"
          value={range.from}
          required
          disabled={exporting.isBusy}
          onChange={(event) => setRange((current) => ({ ...current, from: event.target.value }))}
        />
        <Field
          id={`${id}-to`}
          label="To"
          type="datetime-local"
          value={range.to}
          required
          disabled={exporting.isBusy}
          onChange={(event) => setRange((current) => ({ ...current, to: event.target.value }))}
        />
        {failure && (
          <p role="alert" className={styles.error}>
            Failed to export data: {failure}
          </p>
        )}
        <Button
          type="submit"
          variant="secondary"
          disabled={!isComplete}
          isBusy={exporting.isBusy}
          busyLabel="Exporting..."
        >
          Export CSV
        </Button>
      </form>
    </Panel>
  );
}
