// Detection rules and their modes (issue 16 part 6): block, detect or off per rule, switched in every server
// process. Before a rule is switched to block, the operator sees how many addresses it would have blocked in
// the last 24 hours.
import { useId, useState } from 'react';
import type { RuleMode, SecurityRule } from '../../../contract/security';
import { SecurityEndpoints } from '../../../contract/security';
import { setRuleMode } from '../../api/security';
import { Button } from '../../ui/button';
import fieldStyles from '../../ui/field.module.css';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import dashboardStyles from './dashboard.module.css';
import { EventTypeLabel } from './event-types';
import { failureMessage, useSecurityCall, useSecurityList } from './security-session';
import { SEVERITY_NAMES } from './severity';
import { ToolPanel } from './tool-panel';
import styles from './tools.module.css';

const MODE_NAMES: Record<RuleMode, string> = { block: 'Block', detect: 'Detect only', off: 'Off' };

function wouldHaveBlocked(rule: SecurityRule): string {
  const count = rule.wouldHaveBlocked24h;
  return `Would have blocked ${count} ${count === 1 ? 'address' : 'addresses'} in the last 24 h`;
}

interface ModeChange {
  rule: SecurityRule;
  mode: RuleMode;
}

function RuleRow({
  rule,
  onChoose,
  isBusy,
}: {
  rule: SecurityRule;
  onChoose: (change: ModeChange) => void;
  isBusy: boolean;
}) {
  const selectId = useId();
  return (
    <li>
      <div className={styles.itemMain}>
        <span className={styles.strong}>
          <EventTypeLabel eventType={rule.eventType} />
        </span>
        <span className={styles.muted}>
          {rule.id} · {SEVERITY_NAMES[rule.severity]} · {rule.points} points
          {rule.mode !== rule.defaultMode ? ` · default ${MODE_NAMES[rule.defaultMode].toLowerCase()}` : ''}
        </span>
        <span>{rule.description}</span>
        {rule.mode !== 'block' && rule.allowedModes.includes('block') && (
          <span className={styles.preview}>{wouldHaveBlocked(rule)}</span>
        )}
      </div>
      <div className={fieldStyles.field}>
        <label htmlFor={selectId} className="visually-hidden">
          Mode of {rule.id}
        </label>
        <select
          id={selectId}
          className={`${fieldStyles.input} ${styles.modeSelect}`}
          value={rule.mode}
          disabled={isBusy}
          onChange={(event) => {
            const mode = rule.allowedModes.find((allowed) => allowed === event.target.value);
            if (mode && mode !== rule.mode) onChoose({ rule, mode });
          }}
        >
          {rule.allowedModes.map((mode) => (
            <option key={mode} value={mode}>
              {MODE_NAMES[mode]}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}

export function RulesPanel() {
  const { state, reload } = useSecurityList(SecurityEndpoints.listRules);
  const [asked, setAsked] = useState<ModeChange | null>(null);
  const switching = useSecurityCall(({ rule, mode }: ModeChange) => setRuleMode(rule.id, mode));

  async function confirm(change: ModeChange) {
    setAsked(null);
    const outcome = await switching.run(change);
    if (outcome.ok)
      showToast('success', `${change.rule.id} is now: ${MODE_NAMES[change.mode].toLowerCase()}`);
    else {
      const failure = failureMessage(outcome.error);
      if (failure) showToast('error', `Failed to switch ${change.rule.id}: ${failure}`);
    }
    reload();
  }

  return (
    <ToolPanel
      title="Detection Rules"
      description="Block adds a rule's points to the address (a block follows at the threshold); detect only records the event; off ignores it."
      noun="rules"
      state={state}
      onRetry={reload}
      isEmpty={(rules) => rules.length === 0}
      empty="No detection rules."
    >
      {(rules) => (
        <>
          <ul className={styles.items}>
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} onChoose={setAsked} isBusy={switching.isBusy} />
            ))}
          </ul>
          <Modal isOpen={asked !== null} title="Switch rule mode" onClose={() => setAsked(null)}>
            {asked && (
              <>
                <p className={styles.strong}>
                  Switch {asked.rule.id} to {MODE_NAMES[asked.mode].toLowerCase()}?
                </p>
                {asked.mode === 'block' && <p>{wouldHaveBlocked(asked.rule)}.</p>}
                <div className={dashboardStyles.dialogActions}>
                  <Button variant="secondary" onClick={() => setAsked(null)}>
                    Cancel
                  </Button>
                  <Button onClick={() => void confirm(asked)}>Switch</Button>
                </div>
              </>
            )}
          </Modal>
        </>
      )}
    </ToolPanel>
  );
}
