// The Refresh button of a digest, with the notice the daily limit or a missing connection leaves.
import type { DigestKind } from '../../api/insights';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './insights.module.css';
import { useDigestRefresh } from './use-digest-refresh';

export function RefreshBar({ kind }: { kind: DigestKind }) {
  const { refresh, isBusy, notice, dismissNotice } = useDigestRefresh(kind);
  return (
    <div className={styles.refresh}>
      <Button variant="secondary" isBusy={isBusy} busyLabel="Refreshing…" onClick={refresh}>
        Refresh
      </Button>
      {notice && <Notice tone="info" title={notice} onClose={dismissNotice} />}
    </div>
  );
}
