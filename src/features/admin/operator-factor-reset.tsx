// The way back for an operator who lost their authenticator app and their recovery codes (issue 30
// point 4), from the dashboard: the admin names the operator and a reason; the factor (app, recovery
// codes, passkeys) goes and the operator's sessions end, and they sign in with their password alone and
// set one up again. The only admin, who has nobody to ask, does it from the command line (docs/operations.md).
import { type FormEvent, useId, useState } from 'react';
import { SUPPORT_REASON_MAX } from '../../../contract/support';
import { actionFailureMessage } from '../../api/operators';
import { resetOperatorFactor } from '../../api/support';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { ActionOutcome } from './action-outcome';
import styles from './admin.module.css';
import { useOperatorAction } from './operator-action';

function resetWords(email: string, sessionsEnded: number): string {
  const sessions = sessionsEnded === 1 ? '1 session' : `${sessionsEnded} sessions`;
  return `The second factor of ${email} is removed and ${sessions} ended: they sign in with their password and set one up again.`;
}

export function OperatorFactorReset() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const resetting = useOperatorAction(
    resetOperatorFactor,
    ({ sessionsEnded }, input) => {
      setDone(resetWords(input.email, sessionsEnded));
      setEmail('');
      setReason('');
    },
    actionFailureMessage,
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    void resetting.run({ email: email.trim(), reason });
  }

  return (
    <Panel
      title="An operator’s lost second factor"
      description="For an admin or security operator who lost their authenticator app and recovery codes. Confirm who is asking first (a call, in person): this is the way around their second factor."
    >
      <form className={styles.issueForm} onSubmit={handleSubmit} noValidate>
        <Field
          id={`${id}-email`}
          label="Operator’s e-mail"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
        <Field
          id={`${id}-reason`}
          label="Reason for the reset"
          hint="Required; kept in the audit log with your e-mail."
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={SUPPORT_REASON_MAX}
        />
        <div className={styles.supportButtons}>
          <Button
            type="submit"
            variant="danger"
            className={styles.smallButton}
            disabled={!email.trim()}
            isBusy={resetting.isBusy}
            busyLabel="Resetting..."
          >
            Reset second factor
          </Button>
        </div>
      </form>
      <ActionOutcome error={resetting.error} done={done} />
    </Panel>
  );
}
