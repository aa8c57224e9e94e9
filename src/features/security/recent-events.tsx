// Spec §2: the latest 10 security events as a table (Time, Type, Severity, IP Address, Details). On a phone
// each event stacks into a block with its column names.
import type { SecurityDashboard, SecurityEvent } from '../../../contract/security';
import { Panel, PanelText } from '../../ui/panel';
import { EventTypeLabel } from './event-types';
import { formatTime } from './format';
import styles from './recent-events.module.css';
import { SEVERITY_NAMES } from './severity';

/** Spec §9: the table shows 10 events. */
const EVENTS_SHOWN = 10;

function details(event: SecurityEvent): string {
  return event.email || event.endpoint || '-';
}

/** The section's id: Review Events brings the operator here. */
export const RECENT_EVENTS_ID = 'security-recent-events';

export function RecentEvents({ events }: { events: SecurityDashboard['recentEvents'] }) {
  return (
    <Panel id={RECENT_EVENTS_ID} title="Recent Security Events">
      {events.length === 0 ? (
        <PanelText>No recent security events</PanelText>
      ) : (
        <table className={styles.table} aria-label="Recent security events">
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
            {events.slice(0, EVENTS_SHOWN).map((event) => (
              <tr key={`${event.timestamp}-${event.ipAddress}-${event.ruleId}-${event.eventType}`}>
                <td data-label="Time">{formatTime(event.timestamp)}</td>
                <td data-label="Type">
                  <EventTypeLabel eventType={event.eventType} />
                </td>
                <td data-label="Severity">
                  <span className={`${styles.severity} ${styles[event.severity]}`}>
                    {SEVERITY_NAMES[event.severity]}
                  </span>
                </td>
                <td data-label="IP Address">
                  <code>{event.ipAddress}</code>
                </td>
                <td data-label="Details" className={styles.details}>
                  {details(event)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
