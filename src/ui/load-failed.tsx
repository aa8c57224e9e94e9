// What a screen shows when the data it opens with did not arrive: the spec's message and a retry.
import { Button } from './button';
import styles from './load-failed.module.css';
import { Notice } from './notice';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.failed}>
      <Notice tone="error" title={message}>
        Check your connection and try again.
      </Notice>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
