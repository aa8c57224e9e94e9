// The allowlist (issue 16 part 2, 6): addresses and CIDR ranges never blocked, each with a comment and an
// optional expiry. Loopback and the configured proxies are built in and cannot be removed.
import { type FormEvent, useId, useState } from 'react';
import { SecurityEndpoints } from '../../../contract/security';
import { addAllowlistEntry, removeAllowlistEntry } from '../../api/security';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { showToast } from '../../ui/toast-store';
import { formatTime } from './format';
import { failureMessage, useRefreshDashboard, useSecurityCall, useSecurityList } from './security-session';
import { ToolPanel } from './tool-panel';
import styles from './tools.module.css';

/** A `datetime-local` value (the operator's local time) as the server's timestamp; empty: never expires. */
function expiryFrom(localValue: string): string | null {
  if (!localValue) return null;
  const date = new Date(localValue);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function AddEntryForm({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [range, setRange] = useState('');
  const [comment, setComment] = useState('');
  const [expires, setExpires] = useState('');
  const adding = useSecurityCall(addAllowlistEntry);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await adding.run({
      range: range.trim(),
      comment: comment.trim(),
      expiresAt: expiryFrom(expires),
    });
    if (!outcome.ok) return;
    showToast('success', `${outcome.result.range} added to the allowlist`);
    setRange('');
    setComment('');
    setExpires('');
    onAdded();
  }

  const failure = failureMessage(adding.error);
  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
      <Field
        id={`${id}-range`}
        label="Address or range"
        hint="e.g. 203.0.113.7 or 198.51.100.0/24"
        value={range}
        required
        autoComplete="off"
        spellCheck={false}
        disabled={adding.isBusy}
        onChange={(event) => setRange(event.target.value)}
      />
      <Field
        id={`${id}-expires`}
        label="Expires (optional)"
        type="datetime-local"
        value={expires}
        disabled={adding.isBusy}
        onChange={(event) => setExpires(event.target.value)}
      />
      <Field
        id={`${id}-comment`}
        className={styles.wideField}
        label="Comment"
        value={comment}
        required
        maxLength={500}
        disabled={adding.isBusy}
        onChange={(event) => setComment(event.target.value)}
      />
      {failure && (
        <p role="alert" className={styles.error}>
          Failed to add to the allowlist: {failure}
        </p>
      )}
      <Button type="submit" variant="secondary" isBusy={adding.isBusy} busyLabel="Adding...">
        Add to Allowlist
      </Button>
    </form>
  );
}

export function AllowlistPanel() {
  const refresh = useRefreshDashboard();
  const { state, reload } = useSecurityList(SecurityEndpoints.listAllowlist);
  const removing = useSecurityCall(removeAllowlistEntry);

  async function remove(entryId: string, range: string) {
    const outcome = await removing.run(entryId);
    if (outcome.ok) showToast('success', `${range} removed from the allowlist`);
    else {
      const failure = failureMessage(outcome.error);
      if (failure) showToast('error', `Failed to remove ${range}: ${failure}`);
    }
    reload();
  }

  return (
    <ToolPanel
      title="Allowlist"
      description="Addresses and ranges that are never blocked. Adding one lifts any block it covers."
      noun="allowlist"
      state={state}
      onRetry={reload}
      isEmpty={(entries) => entries.length === 0}
      empty="The allowlist is empty."
      form={
        <AddEntryForm
          onAdded={() => {
            reload();
            refresh();
          }}
        />
      }
    >
      {(entries) => (
        <ul className={styles.items}>
          {entries.map((entry) => (
            <li key={entry.id ?? entry.range}>
              <div className={styles.itemMain}>
                <code className={styles.strong}>{entry.range}</code>
                <span className={styles.breakAnywhere}>{entry.comment}</span>
                <span className={styles.muted}>
                  {entry.builtIn ? 'Built in' : `Added by ${entry.createdBy ?? 'an operator'}`}
                  {entry.expiresAt ? ` · until ${formatTime(entry.expiresAt)}` : ' · never expires'}
                </span>
              </div>
              {entry.id !== null && !entry.builtIn && (
                <Button
                  variant="quiet"
                  isBusy={removing.runningWith === entry.id}
                  disabled={removing.isBusy}
                  aria-label={`Remove ${entry.range} from the allowlist`}
                  onClick={() => entry.id !== null && void remove(entry.id, entry.range)}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </ToolPanel>
  );
}
