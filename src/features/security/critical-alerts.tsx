// Spec §2: the critical alerts area, shown only when there are critical events or blocked addresses.
import type { SecurityDashboard } from '../../../contract/security';
import { Button } from '../../ui/button';
import styles from './dashboard.module.css';
import { DashboardSection } from './dashboard-section';
import { HIGH_RISK_EVENT_COUNT, highRiskAddresses } from './risk';

/** Spec §9: the preview shows the first 3 blocked addresses. */
const BLOCKED_PREVIEW = 3;

interface CriticalAlertsProps {
  data: SecurityDashboard;
  /** Review Events: reload (spec §2), then go to the recent events. */
  onReviewEvents: () => void;
  /** View Details: reload (spec §2), then go to the blocked addresses and why each is blocked. */
  onViewDetails: () => void;
  isRefreshing: boolean;
}

export function CriticalAlerts({ data, onReviewEvents, onViewDetails, isRefreshing }: CriticalAlertsProps) {
  const critical = data.severityCounts.CRITICAL;
  const blocked = data.blockedIPs;
  const highRiskCount = data.threatAnalysis.highRiskIPs;
  if (critical === 0 && blocked.length === 0) return null;
  const hidden = blocked.length - BLOCKED_PREVIEW;
  return (
    <DashboardSection id="security-critical-alerts" title="Critical Alerts">
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
            <Button variant="danger" onClick={onReviewEvents} isBusy={isRefreshing}>
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
                  <code>{ip}</code>
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
                    <code>{ipAddress}</code> <span className={styles.muted}>({count} events)</span>
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
