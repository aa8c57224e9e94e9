// Renders the toasts; errors and warnings interrupt a screen reader, the rest wait their turn.

import { useToastStore } from './toast-store';
import styles from './toaster.module.css';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div className={styles.stack}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
          className={`${styles.toast} ${styles[toast.kind]} ${toast.isLeaving ? styles.leaving : ''}`}
        >
          <span className={styles.message}>{toast.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
