// One analytics figure's states: loading, the spec's load error with a retry (or the server's reason
// when it refused the range), its empty message, or the figure itself.
import type { ReactNode } from 'react';
import { isServerFailure, refusalMessage } from '../../api/client';
import type { ResourceState } from '../../sync/use-cached-resource';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import styles from './analytics.module.css';
import { ANALYTICS_MESSAGES } from './analytics-messages';

interface ResourceViewProps<T> {
  state: ResourceState<T> & { retry: () => void };
  /** What is loading, for screen readers: 'Loading engagement…'. */
  loadingLabel: string;
  /** Nothing to show for the range: the spec's empty message instead. */
  isEmpty: (value: T) => boolean;
  children: (value: T) => ReactNode;
}

export function ResourceView<T>({ state, loadingLabel, isEmpty, children }: ResourceViewProps<T>) {
  if (state.status === 'loading') return <LoadingPlaceholder label={loadingLabel} />;
  if (state.status === 'failed')
    return (
      <LoadFailed
        message={ANALYTICS_MESSAGES.loadFailed}
        onRetry={state.retry}
        refusal={refusalMessage(state.error)}
        failure={isServerFailure(state.error) ? 'server' : 'unreachable'}
      />
    );
  return isEmpty(state.value) ? (
    <p className={styles.empty}>{ANALYTICS_MESSAGES.empty}</p>
  ) : (
    children(state.value)
  );
}
