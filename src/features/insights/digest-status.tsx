// Where a digest came from and how old it is; offline, that it is the last copy and refreshing needs a
// connection (issue 13 part 7).
import type { ProducedBy } from '../../../contract/insights';
import { Notice } from '../../ui/notice';
import styles from './insights.module.css';
import { useIsOnline } from './use-is-online';

const PRODUCED_BY_LABEL: Record<ProducedBy, string> = {
  llm: 'AI summary',
  extractive: 'Summary from the articles',
};

export function formatDigestTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function DigestStatus({ generatedAt, producedBy }: { generatedAt: string; producedBy?: ProducedBy }) {
  const isOnline = useIsOnline();
  const time = formatDigestTime(generatedAt);
  return (
    <>
      {!isOnline && (
        <Notice tone="info" title="You're offline">
          Showing your last insights, from {time}. Refreshing needs a connection.
        </Notice>
      )}
      <p className={styles.digestMeta}>
        Updated <time dateTime={generatedAt}>{time}</time>
        {producedBy && ` · ${PRODUCED_BY_LABEL[producedBy]}`}
      </p>
    </>
  );
}
