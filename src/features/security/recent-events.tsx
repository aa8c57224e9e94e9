// Spec §2: the latest 10 security events as a table (Time, Type, Severity, IP Address, Details). On a phone
// each event stacks into a block with its column names.
import type { SecurityDashboard, SecurityEvent } from '../../../contract/security';
import { Panel, PanelText } from '../../ui/panel';
import { EventsTable } from './events-table';

/** Spec §9: the table shows 10 events. */
const EVENTS_SHOWN = 10;

function details(event: SecurityEvent): string {
  return event.email || event.endpoint || '-';
}

/** The section's id, for links to it. */
export const RECENT_EVENTS_ID = 'security-recent-events';

export function RecentEvents({ events }: { events: SecurityDashboard['recentEvents'] }) {
  return (
    <Panel id={RECENT_EVENTS_ID} title="Recent Security Events">
      {events.length === 0 ? (
        <PanelText>No recent security events</PanelText>
      ) : (
        <EventsTable
          label="Recent security events"
          events={events.slice(0, EVENTS_SHOWN)}
          keyOf={(event) => `${event.timestamp}-${event.ipAddress}-${event.ruleId}-${event.eventType}`}
          details={details}
        />
      )}
    </Panel>
  );
}
