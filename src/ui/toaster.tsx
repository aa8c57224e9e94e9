// Renders the toasts; errors and warnings interrupt a screen reader, the rest wait their turn.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToastStore } from './toast-store';
import styles from './toaster.module.css';

function topOpenDialog(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  return open.item(open.length - 1);
}

/**
 * The open modal dialog, if any. A modal sits in the browser's top layer and makes the rest of the page
 * inert, so a toast outside it would show dimmed under the backdrop, unreachable and unannounced: while
 * a dialog is open the toasts are rendered inside it.
 */
function useOpenDialog(): HTMLDialogElement | null {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => setDialog(topOpenDialog());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return dialog;
}

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  const dialog = useOpenDialog();
  const stack = (
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
  return dialog ? createPortal(stack, dialog) : stack;
}
