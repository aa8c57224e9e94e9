// Support (issue 30 point 3): find a member by e-mail or Card ID, see their card, verification, sessions
// and last activity (never an address), and act for them with a reason: resend a verification code,
// unlink a card or move it to a replacement, disable or enable the account. Each action is in the audit
// log with the admin's e-mail; the member's support history is listed under the actions. Below, an
// operator's lost second factor is reset.
import { type FormEvent, useId, useState } from 'react';
import { SUPPORT_ACTION_WORDS, type SupportMember } from '../../../contract/support';
import { actionFailureMessage } from '../../api/operators';
import { actForMember, findMember, type SupportAction, type SupportActionInput } from '../../api/support';
import { Button } from '../../ui/button';
import detailRows from '../../ui/detail-rows.module.css';
import { Field } from '../../ui/field';
import { Panel } from '../../ui/panel';
import { ActionOutcome } from './action-outcome';
import styles from './admin.module.css';
import { formatCount, formatDateTime } from './format';
import { failureText, useOperatorAction } from './operator-action';
import { OperatorFactorReset } from './operator-factor-reset';

const when = (iso: string | null) => (iso === null ? 'Never' : formatDateTime(iso));

export function SupportTab() {
  const [member, setMember] = useState<SupportMember | null>(null);
  return (
    <div className={styles.tabBody}>
      <FindMemberForm onFound={setMember} />
      {member && <MemberPanel key={member.id} member={member} onChanged={setMember} />}
      <OperatorFactorReset />
    </div>
  );
}

function FindMemberForm({ onFound }: { onFound(member: SupportMember): void }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const finding = useOperatorAction(findMember, onFound, actionFailureMessage);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.trim()) void finding.run(query.trim());
  }

  return (
    <Panel
      title="Find a member"
      description="By the e-mail address of their account, or a Card ID they hold."
    >
      <form className={styles.issueForm} onSubmit={handleSubmit} noValidate>
        <div className={styles.issueRow}>
          <Field
            id={inputId}
            label="E-mail or Card ID"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
            error={failureText(finding.error)}
          />
          <Button
            type="submit"
            className={styles.smallButton}
            disabled={!query.trim()}
            isBusy={finding.isBusy}
            busyLabel="Finding..."
          >
            Find member
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function MemberPanel({
  member,
  onChanged,
}: {
  member: SupportMember;
  onChanged(member: SupportMember): void;
}) {
  const rows: [string, string][] = [
    ['Name', member.name],
    ['E-mail', member.email],
    ['Verified', member.isVerified ? 'Yes' : 'No, the e-mail address is not verified yet'],
    ['Account', member.disabledAt ? `Disabled since ${formatDateTime(member.disabledAt)}` : 'Active'],
    ['Card ID', member.card?.nfcUID ?? 'No card linked'],
    ['Card link', member.cardLink ? `/c/${member.cardLink}` : 'None'],
    [
      'Sessions',
      `${formatCount(member.sessions.active)} active, last seen ${when(member.sessions.lastSeenAt)}`,
    ],
    ['Last activity', when(member.lastActivityAt)],
    ['Member since', formatDateTime(member.createdAt)],
  ];
  return (
    <Panel title={member.name} description="What support may see of this member: no address, no contacts.">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className={detailRows.row}>
            <dt className={detailRows.label}>{label}</dt>
            <dd className={styles.supportValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <SupportActions member={member} onChanged={onChanged} />
      <section className={styles.section} aria-labelledby="support-history">
        <h3 id="support-history" className={styles.sectionTitle}>
          Support history
        </h3>
        {member.history.length === 0 ? (
          <p className={styles.empty}>No support actions yet.</p>
        ) : (
          <ul className={styles.supportHistory}>
            {member.history.map((line) => (
              <li key={line.id}>
                {formatDateTime(line.at)}:{' '}
                {SUPPORT_ACTION_WORDS[line.action as keyof typeof SUPPORT_ACTION_WORDS]} by {line.actor}.{' '}
                {line.detail}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Panel>
  );
}

function SupportActions({
  member,
  onChanged,
}: {
  member: SupportMember;
  onChanged(member: SupportMember): void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [newCardId, setNewCardId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const acting = useOperatorAction(
    actForMember,
    (updated: SupportMember, input: SupportActionInput) => {
      onChanged(updated);
      setDone(DONE_WORDS[input.action]);
      setReason('');
      setNewCardId('');
    },
    actionFailureMessage,
  );
  const act = (action: SupportAction) => {
    setDone(null);
    void acting.run({ action, userId: member.id, reason, newCardId });
  };
  const button = (action: SupportAction, label: string, variant: 'secondary' | 'danger' = 'secondary') => (
    <Button
      variant={variant}
      className={styles.smallButton}
      onClick={() => act(action)}
      isBusy={acting.runningWith?.action === action}
      busyLabel="Working..."
      disabled={acting.isBusy}
    >
      {label}
    </Button>
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        Actions
      </h3>
      <Field
        id={`${id}-reason`}
        label="Reason"
        hint="Required for every action; kept in the audit log with your e-mail."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
      />
      <div className={styles.supportButtons}>
        {!member.isVerified && button('resendCode', 'Resend verification code')}
        {member.card && button('unlinkCard', 'Unlink card')}
        {member.disabledAt
          ? button('enable', 'Enable account')
          : button('disable', 'Disable account', 'danger')}
      </div>
      {member.card && (
        <div className={styles.issueRow}>
          <Field
            id={`${id}-new-card`}
            label="Replacement Card ID"
            hint="An issued card nobody holds. The old card's page then says it was replaced."
            value={newCardId}
            onChange={(event) => setNewCardId(event.target.value)}
            autoComplete="off"
          />
          {button('replaceCard', 'Move to replacement card')}
        </div>
      )}
      <ActionOutcome error={acting.error} done={done} />
    </section>
  );
}

const DONE_WORDS: Record<SupportAction, string> = {
  resendCode: 'A new verification code is on its way to the member.',
  unlinkCard: 'The card is unlinked; it can be activated again.',
  replaceCard: 'The member now holds the replacement card; the old one says it was replaced.',
  disable: 'The account is disabled: its sessions ended and its card says it is unavailable.',
  enable: 'The account is enabled again; the member can sign in.',
};
