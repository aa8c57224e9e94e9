// Where a digest came from and how old it is; offline, that these are the last copies and refreshing
// needs a connection (issue 13 part 7).

import type { ProducedBy } from '../../../contract/insights';
import { formatDateTime } from '../../ui/format';
import { Notice } from '../../ui/notice';
import styles from './insights.module.css';
import { useIsOnline } from './use-is-online';

export const PRODUCED_BY_LABEL: Record<ProducedBy, string> = {
  llm: 'AI summary',
  extractive: 'Summary from the articles',
};

/** Shown only offline; `since` is the shown digest's time, where the screen shows one digest. */
export function OfflineNotice({ since }: { since?: string }) {
  const isOnline = useIsOnline();
  if (isOnline) return null;
  return (
    <Notice tone="info" title="You're offline">
      Showing your last insights{since ? `, from ${formatDateTime(since)}` : ''}. Refreshing needs a
      connection.
    </Notice>
  );
}

export function DigestMeta({ generatedAt, producedBy }: { generatedAt: string; producedBy?: ProducedBy }) {
  return (
    <p className={styles.digestMeta}>
      Updated <time dateTime={generatedAt}>{formatDateTime(generatedAt)}</time>
      {producedBy && ` · ${PRODUCED_BY_LABEL[producedBy]}`}
    </p>
  );
}

/** One digest's screen: the offline notice with its time, then where it came from. */
export function DigestStatus({ generatedAt, producedBy }: { generatedAt: string; producedBy: ProducedBy }) {
  return (
    <>
      <OfflineNotice since={generatedAt} />
      <DigestMeta generatedAt={generatedAt} producedBy={producedBy} />
    </>
  );
}
