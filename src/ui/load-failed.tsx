// What a screen shows when the data it opens with did not arrive: the spec's message, and either a
// retry or, when the server refused the request itself, its reason (asking again would not help).
import { Button } from './button';
import styles from './load-failed.module.css';
import { Notice } from './notice';

/** Why it failed, as far as the screen knows: what the member can do differs. */
export type LoadFailure = 'unreachable' | 'server';

const ADVICE: Record<LoadFailure, string> = {
  unreachable: 'Check your connection and try again.',
  server: 'Tapnet could not answer just now. Try again in a moment.',
};

export function LoadFailed({
  message,
  onRetry,
  refusal = null,
  failure = 'unreachable',
}: {
  message: string;
  onRetry: () => void;
  /** The server's reason for refusing the request, shown instead of the retry. */
  refusal?: string | null;
  failure?: LoadFailure;
}) {
  return (
    <div className={styles.failed}>
      <Notice tone="error" title={message}>
        {refusal ?? ADVICE[failure]}
      </Notice>
      {refusal === null && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
