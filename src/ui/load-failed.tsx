// What a screen shows when the data it opens with did not arrive: the spec's message, and either a
// retry or, when the server refused the request itself, its reason (asking again would not help).
import { Button } from './button';
import styles from './load-failed.module.css';
import { Notice } from './notice';

export function LoadFailed({
  message,
  onRetry,
  refusal = null,
}: {
  message: string;
  onRetry: () => void;
  /** The server's reason for refusing the request, shown instead of the retry. */
  refusal?: string | null;
}) {
  return (
    <div className={styles.failed}>
      <Notice tone="error" title={message}>
        {refusal ?? 'Check your connection and try again.'}
      </Notice>
      {refusal === null && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
