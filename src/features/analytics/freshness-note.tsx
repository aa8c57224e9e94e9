// When the figures on screen came from the server; offline (a copy past its 15 minutes is only shown
// when the server could not be reached), says so plainly.
import { isResourceFresh } from '../../db/cached-resources';
import { Notice } from '../../ui/notice';
import styles from './analytics.module.css';
import { formatFetchedAt } from './figures';

export function FreshnessNote({ fetchedAt, lifetimeMs }: { fetchedAt: number; lifetimeMs: number }) {
  const time = formatFetchedAt(fetchedAt);
  if (isResourceFresh({ fetchedAt, value: null, etag: null }, lifetimeMs)) {
    return <p className={styles.freshness}>Updated {time}</p>;
  }
  return (
    <Notice tone="info" title={`Offline: these figures are from ${time}`}>
      The server could not be reached. Newer figures show as soon as it can.
    </Notice>
  );
}
