// What an admin's action came to, under its buttons: the failure in the server's words, or what was done.
import { Notice } from '../../ui/notice';
import styles from './admin.module.css';
import { failureText } from './operator-action';

export function ActionOutcome({ error, done }: { error: unknown; done: string | null }) {
  const failure = failureText(error);
  return (
    <>
      {failure !== null && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {done && <Notice tone="success" title={done} />}
    </>
  );
}
