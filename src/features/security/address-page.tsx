// An address's page (issue 30 point 2): what it did (events, rules hit), what was done about it (blocks),
// who signs in from it, and the actions that suit it: block, unblock, allowlist. An action the block tool
// would refuse (the operator's own address, an allowlisted one) is not offered; the page says why.
import { type FormEvent, useId, useState } from 'react';
import { type AddressReport, SecurityEndpoints } from '../../../contract/security';
import { addAllowlistEntry, blockIp, unblockIp } from '../../api/security';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { LoadFailed } from '../../ui/load-failed';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import { countryName } from './countries';
import styles from './dashboard.module.css';
import { EventList } from './event-list';
import { EventTypeLabel } from './event-types';
import { formatTime } from './format';
import { failureMessage, useRefreshDashboard, useSecurityCall, useSecurityList } from './security-session';
import toolStyles from './tools.module.css';
import { UnblockMessages } from './unblock';

/** The block the page offers: a day, the middle of the tool's lengths. */
const BLOCK_MINUTES = 1440;

function Report({ report, onChanged }: { report: AddressReport; onChanged(): void }) {
  const { ipAddress } = report;
  return (
    <>
      <dl className={styles.detailList}>
        <dt>Country</dt>
        <dd>{report.country ? countryName(report.country) : 'Unknown'}</dd>
        <dt>Events (24 h)</dt>
        <dd>{report.events24h}</dd>
        <dt>Members signed in (24 h)</dt>
        <dd>
          {report.membersSignedIn}
          {report.isShared && ' (a shared address: a venue or an office)'}
        </dd>
        <dt>Allowlist</dt>
        <dd>{report.allowlistedBy ?? 'Not allowlisted'}</dd>
        <dt>Blocked now</dt>
        <dd>
          {report.activeBlock
            ? `Until ${formatTime(report.activeBlock.expiresAt)}: ${report.activeBlock.reason}`
            : 'No'}
        </dd>
      </dl>
      <Actions report={report} onChanged={onChanged} />
      <h3 className={styles.subTitle}>Rules hit (24 h)</h3>
      {report.rulesHit.length === 0 ? (
        <p className={styles.muted}>No rule matched its requests in the last 24 hours.</p>
      ) : (
        <ul className={styles.causes}>
          {report.rulesHit.map((rule) => (
            <li key={rule.ruleId}>
              <strong>
                <EventTypeLabel eventType={rule.eventType} />
              </strong>
              <span>
                {rule.ruleId} · {rule.count} {rule.count === 1 ? 'event' : 'events'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subTitle}>Blocks (30 days)</h3>
      {report.blockHistory.length === 0 ? (
        <p className={styles.muted}>Never blocked in the last 30 days.</p>
      ) : (
        <ul className={styles.causes}>
          {report.blockHistory.map((block) => (
            <li key={block.createdAt}>
              <strong>
                {block.source === 'manual' ? `By ${block.createdBy ?? 'an operator'}` : 'Automatic'}:{' '}
                {block.reason}
              </strong>
              <span>
                {formatTime(block.createdAt)} →{' '}
                {block.liftedAt
                  ? `lifted ${formatTime(block.liftedAt)}${block.liftedBy ? ` by ${block.liftedBy}` : ''}`
                  : formatTime(block.expiresAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subTitle}>Latest events</h3>
      {report.latestEvents.length === 0 ? (
        <p className={styles.muted}>No stored events from {ipAddress}.</p>
      ) : (
        <EventList events={report.latestEvents} keyOf={(event) => event.id} />
      )}
    </>
  );
}

function Actions({ report, onChanged }: { report: AddressReport; onChanged(): void }) {
  const id = useId();
  const { ipAddress } = report;
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [isConfirmingUnblock, setIsConfirmingUnblock] = useState(false);
  const blocking = useSecurityCall(blockIp);
  const unblocking = useSecurityCall(unblockIp);
  const allowing = useSecurityCall(addAllowlistEntry);

  async function block(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await blocking.run({
      ipAddress,
      durationMinutes: BLOCK_MINUTES,
      reason: reason.trim(),
      // The page has shown how many members sign in from it: blocking here is the informed choice.
      ...(report.isShared ? { confirmShared: true } : {}),
    });
    if (outcome.ok) {
      showToast('success', `IP ${ipAddress} blocked until ${formatTime(outcome.result.expiresAt)}`);
      onChanged();
    }
  }

  async function unblock() {
    setIsConfirmingUnblock(false);
    const outcome = await unblocking.run(ipAddress);
    if (outcome.ok) {
      showToast('success', UnblockMessages.done(ipAddress));
      onChanged();
    }
  }

  async function allow(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await allowing.run({ range: ipAddress, comment: comment.trim() });
    if (outcome.ok) {
      showToast('success', `${ipAddress} added to the allowlist`);
      onChanged();
    }
  }

  const failure =
    failureMessage(blocking.error) ?? failureMessage(unblocking.error) ?? failureMessage(allowing.error);
  return (
    <>
      <h3 className={styles.subTitle}>Actions</h3>
      {failure && (
        <p role="alert" className={toolStyles.error}>
          {failure}
        </p>
      )}
      {report.activeBlock ? (
        isConfirmingUnblock ? (
          <div className={styles.dialogActions}>
            <p className={styles.dialogText}>{UnblockMessages.confirm(ipAddress)}</p>
            <Button variant="secondary" onClick={() => setIsConfirmingUnblock(false)}>
              Cancel
            </Button>
            <Button variant="danger" isBusy={unblocking.isBusy} onClick={() => void unblock()}>
              Unblock
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setIsConfirmingUnblock(true)}>
            Unblock {ipAddress}
          </Button>
        )
      ) : report.blockRefusal ? (
        <p className={styles.muted}>Cannot be blocked: {report.blockRefusal}.</p>
      ) : (
        <form className={toolStyles.form} onSubmit={(event) => void block(event)}>
          <Field
            id={`${id}-reason`}
            className={toolStyles.wideField}
            label="Reason for a 24-hour block"
            hint={
              report.isShared
                ? `${report.membersSignedIn} members signed in from it: a block refuses everyone there who is not signed in.`
                : 'Kept in the audit log with your e-mail.'
            }
            value={reason}
            required
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit" variant="danger" isBusy={blocking.isBusy} busyLabel="Blocking...">
            Block for 24 hours
          </Button>
        </form>
      )}
      {report.allowlistedBy === null && (
        <form className={toolStyles.form} onSubmit={(event) => void allow(event)}>
          <Field
            id={`${id}-comment`}
            className={toolStyles.wideField}
            label="Why it may always pass (allowlist)"
            hint="Allowlisted addresses are never blocked; a block on it is lifted."
            value={comment}
            required
            maxLength={500}
            onChange={(event) => setComment(event.target.value)}
          />
          <Button type="submit" variant="secondary" isBusy={allowing.isBusy} busyLabel="Adding...">
            Add to Allowlist
          </Button>
        </form>
      )}
    </>
  );
}

function AddressDetails({ ipAddress }: { ipAddress: string }) {
  const refresh = useRefreshDashboard();
  const { state, reload } = useSecurityList(SecurityEndpoints.addressReport, { ipAddress });
  if (state.status === 'loading') return <p role="status">Loading the address...</p>;
  if (state.status === 'failed')
    return <LoadFailed message={`Failed to load the address: ${state.message}`} onRetry={reload} />;
  return (
    <Report
      report={state.value}
      onChanged={() => {
        reload();
        refresh();
      }}
    />
  );
}

export function AddressPageDialog({ ipAddress, onClose }: { ipAddress: string | null; onClose(): void }) {
  return (
    <Modal isOpen={ipAddress !== null} title={`Address ${ipAddress ?? ''}`} onClose={onClose}>
      {ipAddress !== null && <AddressDetails key={ipAddress} ipAddress={ipAddress} />}
    </Modal>
  );
}
