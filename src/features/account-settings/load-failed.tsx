// What a screen shows when the data it opens with did not arrive: the spec's message and a retry.
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import styles from './account-settings.module.css';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.form}>
      <Notice tone="error" title={message}>
        Check your connection and try again.
      </Notice>
      <Button variant="secondary" onClick={onRetry} className={styles.start}>
        Try again
      </Button>
    </div>
  );
}
