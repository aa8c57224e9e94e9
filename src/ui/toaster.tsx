// Renders the toasts in one notification area that is always on the page, so screen readers hear what
// is added to it (a live region inserted together with its text is often not announced): errors and
// warnings in its assertive part interrupt, the rest in its polite part wait their turn. It sits at the
// bottom of the screen, never over the app header or a screen's title (issue 27).
import { createPortal } from 'react-dom';
import { useTopOpenDialog } from './open-dialogs';
import { useToastStore } from './toast-store';
import styles from './toaster.module.css';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  // A modal sits in the browser's top layer and makes the rest of the page inert, so a toast outside it
  // would show dimmed under the backdrop, unreachable and unannounced: while one is open the toasts are
  // rendered inside it.
  const dialog = useTopOpenDialog();
  const isUrgent = (kind: string) => kind === 'error' || kind === 'warning';
  const render = (toast: (typeof toasts)[number]) => (
    <div
      key={toast.id}
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
  );
  const stack = (
    <section className={styles.stack} aria-label="Notifications">
      <div role="alert" className={styles.region}>
        {toasts.filter((toast) => isUrgent(toast.kind)).map(render)}
      </div>
      <div role="status" className={styles.region}>
        {toasts.filter((toast) => !isUrgent(toast.kind)).map(render)}
      </div>
    </section>
  );
  return dialog ? createPortal(stack, dialog) : stack;
}
