// Spec §2: the latest 3 incidents of each kind — file access attempts, bot attacks, scanner activity — taken
// from the dashboard's latest events.
import type { SecurityDashboard, SecurityEvent, SecurityEventType } from '../../../contract/security';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { eventTypeLabel } from './event-types';
import { formatTime, shortUserAgent } from './format';

/** Spec §9: 3 incidents a card. */
const INCIDENTS_SHOWN = 3;

interface IncidentKind {
  title: string;
  types: readonly SecurityEventType[];
  empty: string;
  /** What the incident was aimed at or how it showed itself. */
  describe: (event: SecurityEvent) => string;
}

const INCIDENT_KINDS: readonly IncidentKind[] = [
  {
    title: 'File Access Attempts',
    types: ['SENSITIVE_FILE_ACCESS', 'SUSPICIOUS_FILE_EXTENSION'],
    empty: 'No file access attempts',
    describe: (event) => event.endpoint ?? '-',
  },
  {
    title: 'Bot Attacks',
    types: ['MALICIOUS_BOT_DETECTED', 'HIGH_RISK_BOT_BEHAVIOR', 'MEDIUM_RISK_BOT_BEHAVIOR'],
    empty: 'No bot attacks',
    describe: (event) => eventTypeLabel(event.eventType),
  },
  {
    title: 'Scanner Activity',
    types: ['SCANNER_DETECTED'],
    empty: 'No scanner activity',
    describe: (event) => (event.userAgent ? shortUserAgent(event.userAgent) : '-'),
  },
];

function IncidentCard({ kind, events }: { kind: IncidentKind; events: readonly SecurityEvent[] }) {
  const incidents = events.filter((event) => kind.types.includes(event.eventType)).slice(0, INCIDENTS_SHOWN);
  const headingId = `incidents-${kind.title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>{kind.title}</h3>
      {incidents.length === 0 ? (
        <p className={styles.muted}>{kind.empty}</p>
      ) : (
        <ul className={styles.incidents}>
          {incidents.map((event) => (
            <li key={`${event.timestamp}-${event.ipAddress}-${event.ruleId}`}>
              <span className={styles.muted}>{formatTime(event.timestamp)}</span>
              <code>{event.ipAddress}</code>
              <span className={styles.breakAnywhere}>{kind.describe(event)}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export function IncidentCards({ events }: { events: SecurityDashboard['recentEvents'] }) {
  return (
    <DashboardSection id="security-incidents" title="Latest Incidents">
      <div className={styles.threeColumns}>
        {INCIDENT_KINDS.map((kind) => (
          <IncidentCard key={kind.title} kind={kind} events={events} />
        ))}
      </div>
    </DashboardSection>
  );
}
