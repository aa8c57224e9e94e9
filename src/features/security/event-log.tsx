// The event log (issue 30 point 2): every stored event, filtered by time range, type, severity, address or
// network, path and outcome, a page at a time, exportable exactly as filtered. The alerts and counts above open it
// with their own filter; each address opens its page.
import { type FormEvent, useId, useState } from 'react';
import {
  type EventOutcome,
  EventOutcomeSchema,
  SecurityEndpoints,
  SecurityEventTypeSchema,
  SeveritySchema,
} from '../../../contract/security';
import { exportEvents } from '../../api/security';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import { LoadFailed } from '../../ui/load-failed';
import { Panel, PanelText } from '../../ui/panel';
import { saveFile } from '../../ui/save-file';
import dashboardStyles from './dashboard.module.css';
import styles from './event-log.module.css';
import { eventTypeWords } from './event-types';
import { EventsTable } from './events-table';
import { failureMessage, useSecurityCall, useSecurityList } from './security-session';
import { SEVERITY_NAMES } from './severity';

export const EVENT_LOG_ID = 'security-event-log';

const PAGE_SIZE = 25;

/** What the operator asked for, as the form holds it: '' is "any"; times in their local time. */
export interface EventLogFilter {
  from: string;
  to: string;
  type: string;
  severity: string;
  address: string;
  path: string;
  outcome: string;
}

/** What became of each event's request, as the filter and the table name it. */
const OUTCOME_NAMES: Record<EventOutcome, string> = {
  blocked: 'Blocked by security',
  refused: 'Refused by the app',
  served: 'Served',
  failed: 'Failed (server error)',
};

/**
 * The last 24 hours and nothing else: what the log shows first, and what an alert narrows. An empty range
 * is the server's default (the 24 hours up to each read), so Refresh Data brings new events in.
 */
export function lastDayFilter(narrowing: Partial<EventLogFilter> = {}): EventLogFilter {
  return { from: '', to: '', type: '', severity: '', address: '', path: '', outcome: '', ...narrowing };
}

/** The filter as the server's query: only what is set, times as instants. */
function toQuery(filter: EventLogFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.from) query.from = new Date(filter.from).toISOString();
  if (filter.to) query.to = new Date(filter.to).toISOString();
  for (const key of ['type', 'severity', 'address', 'path', 'outcome'] as const) {
    const value = filter[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

export function exportFileName(from: string, to: string): string {
  return `tapnet-security-events-${from.slice(0, 10)}-to-${to.slice(0, 10)}.csv`;
}

/** Keyed by its filter where it is used: a new filter (an alert, an address, Apply) starts at page 1. */
interface EventLogProps {
  filter: EventLogFilter;
  onFilterChange(filter: EventLogFilter): void;
  onOpenAddress(ipAddress: string): void;
}

export function EventLog({ filter, onFilterChange, onOpenAddress }: EventLogProps) {
  const [page, setPage] = useState(1);
  const query = { ...toQuery(filter), page: String(page), pageSize: String(PAGE_SIZE) };
  const { state, reload } = useSecurityList(SecurityEndpoints.eventLog, undefined, query);
  const exporting = useSecurityCall(exportEvents);

  async function exportFiltered() {
    const asked = toQuery(filter);
    const outcome = await exporting.run(asked);
    if (outcome.ok && state.status === 'ready') {
      saveFile(
        new Blob([outcome.result], { type: 'text/csv;charset=utf-8' }),
        exportFileName(asked.from ?? state.value.from, asked.to ?? state.value.to),
      );
    }
  }

  const exportFailure = failureMessage(exporting.error);
  return (
    <Panel
      id={EVENT_LOG_ID}
      title="Event Log"
      description="Every stored event (kept 30 days), newest first. Filter it, page through it, export what you see."
    >
      <FilterForm
        filter={filter}
        onApply={(next) => {
          setPage(1);
          onFilterChange(next);
        }}
      />
      {state.status === 'loading' && <PanelText>Loading events...</PanelText>}
      {state.status === 'failed' && (
        <LoadFailed message={`Failed to load the events: ${state.message}`} onRetry={reload} />
      )}
      {state.status === 'ready' && (
        <>
          <p className={styles.summary} aria-live="polite">
            {state.value.total === 0
              ? 'No events match these filters.'
              : `Events ${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + state.value.events.length} of ${state.value.total}`}
          </p>
          {state.value.events.length > 0 && (
            <EventsTable
              label="Events matching the filters"
              events={state.value.events}
              keyOf={(event) => event.id}
              details={(event) =>
                [
                  event.outcome && `${OUTCOME_NAMES[event.outcome]} (${event.status})`,
                  event.email,
                  event.endpoint,
                  event.matched,
                ]
                  .filter(Boolean)
                  .join(' · ') || '-'
              }
              address={(event) => (
                <button
                  type="button"
                  className={dashboardStyles.addressButton}
                  onClick={() => onOpenAddress(event.ipAddress)}
                  aria-label={`Open the page of ${event.ipAddress}`}
                >
                  <code>{event.ipAddress}</code>
                </button>
              )}
            />
          )}
          <div className={styles.pager}>
            <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <Button
              variant="secondary"
              disabled={page * PAGE_SIZE >= state.value.total}
              onClick={() => setPage(page + 1)}
            >
              Next page
            </Button>
            <Button
              variant="secondary"
              disabled={state.value.total === 0}
              isBusy={exporting.isBusy}
              busyLabel="Exporting..."
              onClick={() => void exportFiltered()}
            >
              Export these events (CSV)
            </Button>
          </div>
          {exportFailure && (
            <p role="alert" className={styles.error}>
              Failed to export data: {exportFailure}
            </p>
          )}
        </>
      )}
    </Panel>
  );
}

const TIME_FIELDS = [
  { key: 'from', label: 'From', hint: 'Empty: 24 hours before To.' },
  { key: 'to', label: 'To', hint: 'Empty: now.' },
] as const;

const CHOICE_FIELDS = [
  {
    key: 'type',
    label: 'Type',
    any: 'Any type',
    options: SecurityEventTypeSchema.options.map((type) => ({ value: type, label: eventTypeWords(type) })),
  },
  {
    key: 'severity',
    label: 'Severity',
    any: 'Any severity',
    options: SeveritySchema.options.map((severity) => ({ value: severity, label: SEVERITY_NAMES[severity] })),
  },
  {
    key: 'outcome',
    label: 'Outcome',
    any: 'Any outcome',
    options: EventOutcomeSchema.options.map((outcome) => ({ value: outcome, label: OUTCOME_NAMES[outcome] })),
  },
] as const;

function FilterForm({ filter, onApply }: { filter: EventLogFilter; onApply(filter: EventLogFilter): void }) {
  const id = useId();
  const [draft, setDraft] = useState(filter);
  const set = (key: keyof EventLogFilter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className={styles.filters} onSubmit={handleSubmit} aria-label="Event filters">
      {TIME_FIELDS.map((field) => (
        <Field
          key={field.key}
          id={`${id}-${field.key}`}
          label={field.label}
          hint={field.hint}
          type="datetime-local"
          value={draft[field.key]}
          onChange={set(field.key)}
        />
      ))}
      {CHOICE_FIELDS.map((field) => (
        <div key={field.key} className={fieldStyles.field}>
          <label htmlFor={`${id}-${field.key}`} className={fieldStyles.label}>
            {field.label}
          </label>
          <select
            id={`${id}-${field.key}`}
            className={fieldStyles.input}
            value={draft[field.key]}
            onChange={set(field.key)}
          >
            <option value="">{field.any}</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <Field
        id={`${id}-address`}
        label="Address or /64"
        value={draft.address}
        autoComplete="off"
        spellCheck={false}
        onChange={set('address')}
      />
      <Field
        id={`${id}-path`}
        label="Path contains"
        value={draft.path}
        autoComplete="off"
        spellCheck={false}
        onChange={set('path')}
      />
      <div className={styles.filterActions}>
        <Button type="submit">Apply Filters</Button>
        <Button type="button" variant="secondary" onClick={() => onApply(lastDayFilter())}>
          Clear Filters
        </Button>
      </div>
    </form>
  );
}
