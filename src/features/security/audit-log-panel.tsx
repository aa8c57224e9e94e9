// The audit log (issue 16 part 6): who did what and when — sign-ins, blocks, unblocks, allowlist and rule
// changes, exports, the admin's support actions — newest first.
import type { AuditEntry } from '../../../contract/security';
import { SecurityEndpoints } from '../../../contract/security';
import { SUPPORT_ACTION_WORDS } from '../../../contract/support';
import { formatTime } from './format';
import { useSecurityList } from './security-session';
import { ToolPanel } from './tool-panel';
import styles from './tools.module.css';

const ACTION_NAMES: Record<AuditEntry['action'], string> = {
  LOGIN: 'Signed in',
  UNBLOCK_IP: 'Unblocked',
  BLOCK_IP: 'Blocked',
  ALLOWLIST_ADD: 'Allowlisted',
  ALLOWLIST_REMOVE: 'Removed from allowlist',
  RULE_MODE: 'Rule mode',
  EVENTS_EXPORT: 'Exported events',
  OPERATOR_FACTOR_RESET: 'Reset an operator’s second factor',
  OPERATOR_ADDED: 'Added an operator',
  ...SUPPORT_ACTION_WORDS,
};

/** Enough for a look back at the day; the CSV export covers any range. */
const ENTRIES_SHOWN = 20;

export function AuditLogPanel() {
  const { state, reload } = useSecurityList(SecurityEndpoints.auditLog);
  return (
    <ToolPanel
      title="Audit Log"
      description="Every operator action, newest first."
      noun="audit log"
      state={state}
      onRetry={reload}
      isEmpty={(entries) => entries.length === 0}
      empty="No operator actions yet."
    >
      {(entries) => (
        <ol className={styles.items}>
          {entries.slice(0, ENTRIES_SHOWN).map((entry) => (
            <li key={entry.id}>
              <div className={styles.itemMain}>
                <span>
                  <span className={styles.strong}>{ACTION_NAMES[entry.action]}</span>
                  {entry.target ? (
                    <>
                      {' '}
                      <code>{entry.target}</code>
                    </>
                  ) : null}
                </span>
                {entry.detail && <span className={styles.breakAnywhere}>{entry.detail}</span>}
                <span className={styles.muted}>
                  {formatTime(entry.at)} · {entry.actor}
                  {entry.ipAddress ? ` from ${entry.ipAddress}` : ''}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </ToolPanel>
  );
}
