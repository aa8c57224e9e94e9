// Blocking an address by hand (issue 16 part 6): for 1 hour, 24 hours or 7 days, with a reason for the audit
// log. The server refuses the operator's own address and allowlisted ones, and says why; a shared
// address (a venue, issue 23) it blocks only once the operator has read whom it affects and confirms.
import { type FormEvent, useId, useState } from 'react';
import { BLOCK_DURATIONS_MINUTES } from '../../../contract/security';
import { blockIp } from '../../api/security';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import fieldStyles from '../../ui/field.module.css';
import { Panel } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import { formatTime } from './format';
import { failureMessage, SecurityCallError, useRefreshDashboard, useSecurityCall } from './security-session';
import styles from './tools.module.css';

type Duration = (typeof BLOCK_DURATIONS_MINUTES)[number];

const DURATION_LABELS: Record<Duration, string> = { 60: '1 hour', 1440: '24 hours', 10080: '7 days' };

export function ManualBlockForm() {
  const id = useId();
  const refresh = useRefreshDashboard();
  const [ipAddress, setIpAddress] = useState('');
  const [durationMinutes, setDurationMinutes] = useState<Duration>(1440);
  const [reason, setReason] = useState('');
  const blocking = useSecurityCall(blockIp);
  /** The server's question about a shared address, naming its members, until answered. */
  const [sharedQuestion, setSharedQuestion] = useState<string | null>(null);

  async function block(confirmShared: boolean) {
    setSharedQuestion(null);
    const outcome = await blocking.run({
      ipAddress: ipAddress.trim(),
      durationMinutes,
      reason: reason.trim(),
      ...(confirmShared ? { confirmShared } : {}),
    });
    if (!outcome.ok) {
      const failure = outcome.error instanceof SecurityCallError ? outcome.error.failure : undefined;
      if (failure?.kind === 'refused' && failure.code === 'SHARED_ADDRESS_UNCONFIRMED') {
        setSharedQuestion(failure.error ?? 'This address is shared by many members.');
      }
      return;
    }
    showToast(
      'success',
      `IP ${outcome.result.ipAddress} blocked until ${formatTime(outcome.result.expiresAt)}`,
    );
    setIpAddress('');
    setReason('');
    refresh();
  }

  /** The refusal that asked the question is answered: it is no failure to show. */
  function cancelSharedBlock() {
    setSharedQuestion(null);
    blocking.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void block(false);
  }

  const failure = sharedQuestion ? null : failureMessage(blocking.error);
  return (
    <Panel
      title="Block an Address"
      description="Refuses every request from the address, in every server process."
    >
      <form className={styles.form} onSubmit={handleSubmit}>
        <Field
          id={`${id}-ip`}
          label="IP address"
          value={ipAddress}
          required
          autoComplete="off"
          spellCheck={false}
          disabled={blocking.isBusy}
          onChange={(event) => setIpAddress(event.target.value)}
        />
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-duration`} className={fieldStyles.label}>
            For
          </label>
          <select
            id={`${id}-duration`}
            className={fieldStyles.input}
            value={durationMinutes}
            disabled={blocking.isBusy}
            onChange={(event) => {
              const chosen = BLOCK_DURATIONS_MINUTES.find(
                (minutes) => minutes === Number(event.target.value),
              );
              if (chosen) setDurationMinutes(chosen);
            }}
          >
            {BLOCK_DURATIONS_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {DURATION_LABELS[minutes]}
              </option>
            ))}
          </select>
        </div>
        <Field
          id={`${id}-reason`}
          className={styles.wideField}
          label="Reason"
          hint="Kept in the audit log with your e-mail."
          value={reason}
          required
          maxLength={500}
          disabled={blocking.isBusy}
          onChange={(event) => setReason(event.target.value)}
        />
        {failure && (
          <p role="alert" className={styles.error}>
            Failed to block IP: {failure}
          </p>
        )}
        {sharedQuestion ? (
          // A question, not a failure: its own two answers stand in for the form's button meanwhile.
          <div role="alert" className={styles.question}>
            <p>
              <strong>Shared address:</strong> {sharedQuestion}
            </p>
            <div className={styles.actions}>
              <Button
                type="button"
                variant="danger"
                isBusy={blocking.isBusy}
                busyLabel="Blocking..."
                onClick={() => void block(true)}
              >
                Block Shared Address Anyway
              </Button>
              <Button type="button" variant="secondary" onClick={cancelSharedBlock}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" variant="danger" isBusy={blocking.isBusy} busyLabel="Blocking...">
            Block Address
          </Button>
        )}
      </form>
    </Panel>
  );
}
