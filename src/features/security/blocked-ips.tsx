// Spec §2: the first 5 blocked addresses, each with Unblock (confirmed first, spec §4) and the events and
// points that caused its block.
import { Button } from '../../ui/button';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-section';

/** Spec §9: the list shows 5 blocked addresses. */
const BLOCKED_SHOWN = 5;

interface BlockedIpsProps {
  blockedIPs: readonly string[];
  onUnblock: (ipAddress: string) => void;
  onShowDetails: (ipAddress: string) => void;
  /** The address being unblocked now, if any. */
  unblocking: string | undefined;
}

export function BlockedIps({ blockedIPs, onUnblock, onShowDetails, unblocking }: BlockedIpsProps) {
  return (
    <DashboardCard
      id="security-blocked"
      title="Blocked IPs"
      empty={blockedIPs.length === 0 && 'No blocked IPs'}
    >
      <ul className={styles.blockedList}>
        {blockedIPs.slice(0, BLOCKED_SHOWN).map((ip) => (
          <li key={ip}>
            <code className={styles.breakAnywhere}>{ip}</code>
            <span className={styles.rowActions}>
              <Button variant="quiet" onClick={() => onShowDetails(ip)} aria-label={`Why ${ip} is blocked`}>
                Why
              </Button>
              <Button
                variant="danger"
                onClick={() => onUnblock(ip)}
                isBusy={unblocking === ip}
                disabled={unblocking !== undefined}
                aria-label={`Unblock ${ip}`}
              >
                Unblock
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
