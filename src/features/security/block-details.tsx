// Why an address is blocked (issue 16 part 6): how the block came about, until when, and the events and
// points that filled the address's bucket.
import type { Block } from '../../../contract/security';
import { SecurityEndpoints } from '../../../contract/security';
import { LoadFailed } from '../../ui/load-failed';
import { Modal } from '../../ui/modal';
import { countryName } from './countries';
import styles from './dashboard.module.css';
import { EventList } from './event-list';
import { formatTime } from './format';
import { useSecurityList } from './security-session';

function blockOrigin(block: Block): string {
  if (block.source === 'manual') return `Blocked by ${block.createdBy ?? 'an operator'}: ${block.reason}`;
  return `Blocked automatically: ${block.reason}`;
}

function Details({ ipAddress }: { ipAddress: string }) {
  const { state, reload } = useSecurityList(SecurityEndpoints.blockDetails, { ipAddress });
  if (state.status === 'loading') return <p role="status">Loading block details...</p>;
  if (state.status === 'failed')
    return <LoadFailed message={`Failed to load block details: ${state.message}`} onRetry={reload} />;
  const block = state.value;
  return (
    <>
      <p>{blockOrigin(block)}</p>
      <dl className={styles.detailList}>
        <dt>Blocked</dt>
        <dd>{formatTime(block.createdAt)}</dd>
        <dt>Until</dt>
        <dd>{formatTime(block.expiresAt)}</dd>
        <dt>Offence</dt>
        <dd>{block.offence === 1 ? 'First block in 30 days' : `Block ${block.offence} in 30 days`}</dd>
        <dt>Country</dt>
        <dd>{block.country ? countryName(block.country) : 'Unknown'}</dd>
        <dt>Points</dt>
        <dd>{block.points}</dd>
      </dl>
      <h3 className={styles.subTitle}>Events that caused it</h3>
      {block.causes.length === 0 ? (
        <p className={styles.muted}>No events: the block was made by hand.</p>
      ) : (
        <EventList events={block.causes} keyOf={(event) => `${event.timestamp}-${event.ruleId}`} withPoints />
      )}
    </>
  );
}

export function BlockDetailsDialog({
  ipAddress,
  onClose,
}: {
  ipAddress: string | null;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={ipAddress !== null} title={`Why ${ipAddress ?? ''} is blocked`} onClose={onClose}>
      {ipAddress !== null && <Details key={ipAddress} ipAddress={ipAddress} />}
    </Modal>
  );
}
