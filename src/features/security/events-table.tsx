// A table of security events (Time, Type, Severity, IP Address, Details), as the recent events and the
// event log show them. On a phone each event stacks into a block with its column names.
import type { ReactNode } from 'react';
import type { SecurityEvent } from '../../../contract/security';
import { EventTypeLabel } from './event-types';
import { formatTime } from './format';
import styles from './recent-events.module.css';
import { SEVERITY_NAMES } from './severity';

interface EventsTableProps<Event extends SecurityEvent> {
  /** Names the table for screen readers. */
  label: string;
  events: readonly Event[];
  keyOf(event: Event): string;
  details(event: Event): string;
  /** The address cell; the address as code when not given. */
  address?(event: Event): ReactNode;
}

export function EventsTable<Event extends SecurityEvent>({
  label,
  events,
  keyOf,
  details,
  address = (event) => <code>{event.ipAddress}</code>,
}: EventsTableProps<Event>) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Type</th>
          <th scope="col">Severity</th>
          <th scope="col">IP Address</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={keyOf(event)}>
            <td data-label="Time">{formatTime(event.timestamp)}</td>
            <td data-label="Type">
              <EventTypeLabel eventType={event.eventType} />
            </td>
            <td data-label="Severity">
              <span className={`${styles.severity} ${styles[event.severity]}`}>
                {SEVERITY_NAMES[event.severity]}
              </span>
            </td>
            <td data-label="IP Address">{address(event)}</td>
            <td data-label="Details" className={styles.details}>
              {details(event)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
