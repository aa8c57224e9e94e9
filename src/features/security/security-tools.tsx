// What a security operator needs beyond spec §2 (issue 16 part 6), below the spec's sections: every active
// block, a manual block, the allowlist, rule modes with their preview, the audit log and the CSV export.

import { ActiveBlocks } from './active-blocks';
import { AllowlistPanel } from './allowlist-panel';
import { AuditLogPanel } from './audit-log-panel';
import type { BlockActionsProps } from './blocked-ips';
import { DashboardSection } from './dashboard-section';
import { EventsExport } from './events-export';
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
        <EventsExport />
        <RulesPanel />
        <AuditLogPanel />
      </div>
    </DashboardSection>
  );
}
