// An operator's own account, from the dashboard header's Account (issue 30 point 4): their second factor
// (set up or not, recovery codes left, set it up again), their passkeys and the sessions they are
// signed in with.
import { Badge } from './badge';
import { Button } from './button';
import { LoadFailed } from './load-failed';
import { LoadingPlaceholder } from './loading-placeholder';
import { Panel, PanelText } from './panel';
import { type PasskeyControls, PasskeyList } from './passkey-list';
import { type EnrolmentControls, SecondFactorEnrolment } from './second-factor-enrolment';
import { type SessionListControls, SessionListView } from './session-list';

/** What the account view needs (src/sync/use-operator-dashboard.ts keeps it). */
export interface OperatorAccountControls {
  isOpen: boolean;
  open(): void;
  close(): void;
  secondFactor: {
    state:
      | { status: 'loading' }
      | { status: 'failed' }
      | {
          status: 'ready';
          value: { enrolled: boolean; recoveryCodesLeft: number; passkeys: number; required: boolean };
        };
    reload(): void;
  };
  isEnrolling: boolean;
  startEnrolling(): void;
  enrolment: EnrolmentControls;
  passkeys: PasskeyControls;
  sessions: SessionListControls;
}

export function OperatorAccount({
  account,
  idPrefix,
}: {
  account: OperatorAccountControls;
  idPrefix: string;
}) {
  return (
    <>
      <Panel
        title="Second factor"
        description="A code from an authenticator app, asked after your password when you sign in."
      >
        {account.isEnrolling ? (
          <SecondFactorEnrolment controls={account.enrolment} idPrefix={idPrefix} />
        ) : (
          <SecondFactorSummary account={account} />
        )}
      </Panel>
      <Panel
        title="Passkeys"
        description="A passkey on this device or a security key can stand in for the authenticator app's code."
      >
        <PasskeyList controls={account.passkeys} idPrefix={idPrefix} />
      </Panel>
      <Panel
        title="Your sessions"
        description="Where you are signed in to this dashboard. Ending one signs it out at once."
      >
        <SessionListView controls={account.sessions} />
      </Panel>
      <Button variant="secondary" onClick={account.close}>
        Back to the dashboard
      </Button>
    </>
  );
}

function SecondFactorSummary({ account }: { account: OperatorAccountControls }) {
  const { state } = account.secondFactor;
  if (state.status === 'loading') return <LoadingPlaceholder label="Loading your second factor…" />;
  if (state.status === 'failed') {
    return <LoadFailed message="Failed to load your second factor" onRetry={account.secondFactor.reload} />;
  }
  const { enrolled, recoveryCodesLeft, passkeys } = state.value;
  return (
    <>
      <PanelText>
        {enrolled ? (
          <>
            <Badge tone="success">Authenticator app set up</Badge> {recoveryCodesLeft} of 10 recovery codes
            left.
          </>
        ) : (
          <>
            <Badge tone="neutral">Not set up</Badge>{' '}
            {passkeys > 0
              ? 'Your passkeys are asked for after your password.'
              : 'Only your password protects this dashboard.'}
          </>
        )}
      </PanelText>
      <Button onClick={account.startEnrolling}>
        {enrolled ? 'Set up the authenticator app again' : 'Set up an authenticator app'}
      </Button>
      {enrolled && (
        <PanelText>Setting it up again gives new recovery codes and signs you out everywhere else.</PanelText>
      )}
    </>
  );
}
