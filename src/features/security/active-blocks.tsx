import { SecurityEndpoints } from '../../../contract/security';
// Every address blocked now (the dashboard shows the first 5), with until when, why, and Unblock.
import { BlockActions, type BlockActionsProps } from './blocked-ips';
import { countryName } from './countries';
import { formatTime } from './format';
import { useSecurityList } from './security-session';
import { ToolPanel } from './tool-panel';
import styles from './tools.module.css';

export function ActiveBlocks(actions: BlockActionsProps) {
  const { state, reload } = useSecurityList(SecurityEndpoints.listBlocks);
  return (
    <ToolPanel
      title="Active Blocks"
      description="Every blocked address, newest first. A block ends by itself at its expiry."
      noun="blocks"
      state={state}
      onRetry={reload}
      isEmpty={(blocks) => blocks.length === 0}
      empty="No address is blocked now."
    >
      {(blocks) => (
        <ul className={styles.items}>
          {blocks.map((block) => (
            <li key={block.ipAddress}>
              <div className={styles.itemMain}>
                <code className={styles.strong}>{block.ipAddress}</code>
                <span className={styles.muted}>
                  {block.source === 'manual' ? 'Manual' : 'Automatic'} · until {formatTime(block.expiresAt)}
                  {block.country ? ` · ${countryName(block.country)}` : ''}
                </span>
                <span className={styles.breakAnywhere}>{block.reason}</span>
              </div>
              <BlockActions ipAddress={block.ipAddress} {...actions} />
            </li>
          ))}
        </ul>
      )}
    </ToolPanel>
  );
}
