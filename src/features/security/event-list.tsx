// Events as a list, oldest or newest first as given: what caused a block, an address's latest events.
import type { SecurityEvent } from '../../../contract/security';
import styles from './dashboard.module.css';
import { EventTypeLabel } from './event-types';
import { formatTime } from './format';
import { SEVERITY_NAMES } from './severity';

export function EventList<Event extends SecurityEvent>({
  events,
  keyOf,
  withPoints = false,
}: {
  events: readonly Event[];
  keyOf(event: Event): string;
  /** The points each event added to its address's bucket (a block's causes). */
  withPoints?: boolean;
}) {
  return (
    <ol className={styles.causes}>
      {events.map((event) => (
        <li key={keyOf(event)}>
          <strong>
            <EventTypeLabel eventType={event.eventType} />
          </strong>
          <span>
            {[
              SEVERITY_NAMES[event.severity],
              withPoints && `${event.points} points`,
              formatTime(event.timestamp),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {(event.matched ?? event.endpoint) && (
            <code className={styles.breakAnywhere}>{event.matched ?? event.endpoint}</code>
          )}
        </li>
      ))}
    </ol>
  );
}
