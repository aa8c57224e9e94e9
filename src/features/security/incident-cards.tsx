// Spec §2: the latest 3 incidents of each kind — file access attempts, bot attacks, scanner activity — as
// the server picks them (however many other events came after them).
import type { ReactNode } from 'react';
import type {
  IncidentKind as IncidentKindKey,
  SecurityDashboard,
  SecurityEvent,
} from '../../../contract/security';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { EventTypeLabel } from './event-types';
import { formatTime, shortUserAgent } from './format';

interface IncidentKind {
  key: IncidentKindKey;
  title: string;
  empty: string;
  /** What the incident was aimed at or how it showed itself. */
  describe: (event: SecurityEvent) => ReactNode;
}

const INCIDENT_KINDS: readonly IncidentKind[] = [
  {
    key: 'fileAccess',
    title: 'File Access Attempts',
    empty: 'No file access attempts',
    describe: (event) => event.endpoint ?? '-',
  },
  {
    key: 'botAttacks',
    title: 'Bot Attacks',
    empty: 'No bot attacks',
    describe: (event) => <EventTypeLabel eventType={event.eventType} />,
  },
  {
    key: 'scannerActivity',
    title: 'Scanner Activity',
    empty: 'No scanner activity',
    describe: (event) => (event.userAgent ? shortUserAgent(event.userAgent) : '-'),
  },
];

function IncidentCard({ kind, incidents }: { kind: IncidentKind; incidents: readonly SecurityEvent[] }) {
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

export function IncidentCards({ incidents }: { incidents: SecurityDashboard['incidents'] }) {
  return (
    <DashboardSection id="security-incidents" title="Latest Incidents">
      <div className={styles.threeColumns}>
        {INCIDENT_KINDS.map((kind) => (
          <IncidentCard key={kind.key} kind={kind} incidents={incidents[kind.key]} />
        ))}
      </div>
    </DashboardSection>
  );
}
