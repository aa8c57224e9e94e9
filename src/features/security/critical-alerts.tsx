// Spec §2: the critical alerts area, shown only when there are critical events or blocked addresses.
import type { SecurityDashboard } from '../../../contract/security';
import { Button } from '../../ui/button';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { HIGH_RISK_EVENT_COUNT, highRiskAddresses } from './risk';

export const CRITICAL_ALERTS_ID = 'security-critical-alerts';

/** Spec §9: the preview shows the first 3 blocked addresses. */
const BLOCKED_PREVIEW = 3;

interface CriticalAlertsProps {
  data: SecurityDashboard;
  /** Review Events: the event log, filtered to the critical events of the last 24 hours. */
  onReviewEvents: () => void;
  /** View Details: reload (spec §2), then go to the blocked addresses and why each is blocked. */
  onViewDetails: () => void;
  /** An address named in an alert opens its page. */
  onOpenAddress: (ipAddress: string) => void;
  isRefreshing: boolean;
}

function AddressLink({ ipAddress, onOpen }: { ipAddress: string; onOpen: (ipAddress: string) => void }) {
  return (
    <button type="button" className={styles.addressButton} onClick={() => onOpen(ipAddress)}>
      <code>{ipAddress}</code>
    </button>
  );
}

export function CriticalAlerts({
  data,
  onReviewEvents,
  onViewDetails,
  onOpenAddress,
  isRefreshing,
}: CriticalAlertsProps) {
  const critical = data.severityCounts.CRITICAL;
  const blocked = data.blockedIPs;
  const highRiskCount = data.threatAnalysis.highRiskIPs;
  if (critical === 0 && blocked.length === 0) return null;
  const hidden = blocked.length - BLOCKED_PREVIEW;
  return (
    <DashboardSection id={CRITICAL_ALERTS_ID} title="Critical Alerts">
      <div className={styles.alertGrid}>
        {critical > 0 && (
          <article className={`${styles.alert} ${styles.danger}`} aria-labelledby="alert-critical">
            <h3 id="alert-critical">
              <span aria-hidden="true">🚨 </span>Critical Threats Detected
            </h3>
            <p>
              {critical} critical security {critical === 1 ? 'event' : 'events'} in the last 24 hours need
              review.
            </p>
            <Button variant="danger" onClick={onReviewEvents}>
              Review Events
            </Button>
          </article>
        )}
        {blocked.length > 0 && (
          <article className={styles.alert} aria-labelledby="alert-blocked">
            <h3 id="alert-blocked">
              <span aria-hidden="true">⛔ </span>
              {blocked.length} Blocked {blocked.length === 1 ? 'IP' : 'IPs'}
            </h3>
            <ul className={styles.addressList}>
              {blocked.slice(0, BLOCKED_PREVIEW).map((ip) => (
                <li key={ip}>
                  <AddressLink ipAddress={ip} onOpen={onOpenAddress} />
                </li>
              ))}
              {hidden > 0 && <li className={styles.muted}>+{hidden} more</li>}
            </ul>
          </article>
        )}
        {highRiskCount > 0 && (
          <article className={styles.alert} aria-labelledby="alert-high-risk">
            <h3 id="alert-high-risk">
              <span aria-hidden="true">🎯 </span>High-Risk IP Activity
            </h3>
            <p>
              {highRiskCount} {highRiskCount === 1 ? 'address has' : 'addresses have'} caused{' '}
              {HIGH_RISK_EVENT_COUNT} or more security events in the last 24 hours.
            </p>
            <ul className={styles.addressList}>
              {highRiskAddresses(data)
                .slice(0, BLOCKED_PREVIEW)
                .map(({ ipAddress, count, isShared, membersSignedIn }) => (
                  <li key={ipAddress}>
                    <AddressLink ipAddress={ipAddress} onOpen={onOpenAddress} />{' '}
                    <span className={styles.muted}>({count} events)</span>
                    {isShared && (
                      <span className={styles.muted}>
                        {' '}
                        · shared: {membersSignedIn} members signed in from it, do not block
                      </span>
                    )}
                  </li>
                ))}
            </ul>
            <Button variant="secondary" onClick={onViewDetails} isBusy={isRefreshing}>
              View Details
            </Button>
          </article>
        )}
      </div>
    </DashboardSection>
  );
}
