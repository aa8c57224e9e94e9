// Spec §2: the first 5 blocked addresses, each with Unblock (confirmed first, spec §4) and the events and
// points that caused its block.
import { Button } from '../../ui/button';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-section';

/** The card heading's id: View Details of the high-risk alert brings the operator here. */
export const BLOCKED_IPS_ID = 'security-blocked';

/** Spec §9: the list shows 5 blocked addresses. */
const BLOCKED_SHOWN = 5;

export interface BlockActionsProps {
  /** `opener` is the button pressed, so focus can go somewhere sensible when its row leaves the list. */
  onUnblock: (ipAddress: string, opener: HTMLElement) => void;
  onShowDetails: (ipAddress: string) => void;
  /** The address being unblocked now, if any. */
  unblocking: string | undefined;
}

/** Why an address is blocked, and Unblock; wherever a blocked address is listed. */
export function BlockActions({
  ipAddress,
  onUnblock,
  onShowDetails,
  unblocking,
}: BlockActionsProps & { ipAddress: string }) {
  return (
    <span className={styles.rowActions}>
      <Button
        variant="quiet"
        onClick={() => onShowDetails(ipAddress)}
        aria-label={`Why ${ipAddress} is blocked`}
      >
        Why
      </Button>
      <Button
        variant="danger"
        onClick={(event) => onUnblock(ipAddress, event.currentTarget)}
        isBusy={unblocking === ipAddress}
        disabled={unblocking !== undefined}
        aria-label={`Unblock ${ipAddress}`}
      >
        Unblock
      </Button>
    </span>
  );
}

export function BlockedIps({
  blockedIPs,
  ...actions
}: BlockActionsProps & { blockedIPs: readonly string[] }) {
  return (
    <DashboardCard
      id={BLOCKED_IPS_ID}
      title="Blocked IPs"
      empty={blockedIPs.length === 0 && 'No blocked IPs'}
    >
      <ul className={styles.blockedList}>
        {blockedIPs.slice(0, BLOCKED_SHOWN).map((ip) => (
          <li key={ip}>
            <code className={styles.breakAnywhere}>{ip}</code>
            <BlockActions ipAddress={ip} {...actions} />
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
