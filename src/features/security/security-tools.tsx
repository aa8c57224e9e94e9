// What a security operator needs beyond spec §2 (issue 16 part 6), below the spec's sections: every active
// block, a manual block, the allowlist, rule modes with their preview and the audit log. The CSV export
// is the event log's (event-log.tsx), filtered as the log is.

import { ActiveBlocks } from './active-blocks';
import { AllowlistPanel } from './allowlist-panel';
import { AuditLogPanel } from './audit-log-panel';
import type { BlockActionsProps } from './blocked-ips';
import { DashboardSection } from './dashboard-section';
import { ManualBlockForm } from './manual-block-form';
import { RulesPanel } from './rules-panel';
import styles from './tools.module.css';

export function SecurityTools(blockActions: BlockActionsProps) {
  return (
    <DashboardSection id="security-tools" title="Operator Tools">
      <div className={styles.grid}>
        <ActiveBlocks {...blockActions} />
        <ManualBlockForm />
        <AllowlistPanel />
        <RulesPanel />
        <AuditLogPanel />
      </div>
    </DashboardSection>
  );
}
