// One operator tool (beyond spec §2): a titled panel over a live list, with its loading, failure and empty
// states said the same way in every tool.
import type { ReactNode } from 'react';
import { LoadFailed } from '../../ui/load-failed';
import { Panel, PanelText } from '../../ui/panel';
import type { ListState } from './security-session';

interface ToolPanelProps<T> {
  title: string;
  description: string;
  /** Names the list in its loading and failure lines, e.g. 'allowlist'. */
  noun: string;
  state: ListState<T>;
  onRetry: () => void;
  /** What to say when the list is empty; the list itself otherwise. */
  isEmpty: (value: T) => boolean;
  empty: string;
  children: (value: T) => ReactNode;
  /** Shown above the list whatever its state, e.g. a form that adds to it. */
  form?: ReactNode;
}

export function ToolPanel<T>({
  title,
  description,
  noun,
  state,
  onRetry,
  isEmpty,
  empty,
  children,
  form,
}: ToolPanelProps<T>) {
  return (
    <Panel title={title} description={description}>
      {form}
      {state.status === 'loading' && <PanelText>Loading the {noun}...</PanelText>}
      {state.status === 'failed' && (
        <LoadFailed message={`Failed to load the ${noun}: ${state.message}`} onRetry={onRetry} />
      )}
      {state.status === 'ready' &&
        (isEmpty(state.value) ? <PanelText>{empty}</PanelText> : children(state.value))}
    </Panel>
  );
}
