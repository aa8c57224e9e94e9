// The outcome of a form: errors interrupt a screen reader (alert), successes are announced politely.
import styles from './auth.module.css';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={`${styles.message} ${styles.error}`}>
      {message}
    </p>
  );
}

export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className={`${styles.message} ${styles.success}`}>
      {message}
    </p>
  );
}
