// The outcome of a form: an error interrupts a screen reader (alert), a success is announced politely.
import styles from './auth.module.css';

interface FormMessagesProps {
  error: string | null;
  notice?: string | null;
}

export function FormMessages({ error, notice = null }: FormMessagesProps) {
  return (
    <>
      {error && (
        <p role="alert" className={`${styles.message} ${styles.error}`}>
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className={`${styles.message} ${styles.success}`}>
          {notice}
        </p>
      )}
    </>
  );
}
