// An inline message in a screen: errors interrupt a screen reader (alert), the rest are announced politely.
import type { ReactNode } from 'react';
import { focusNextAfter } from './focus-next';
import styles from './notice.module.css';

interface NoticeProps {
  tone: 'success' | 'error' | 'info';
  title: ReactNode;
  children?: ReactNode;
  /** Makes the notice closable. */
  onClose?: () => void;
  closeLabel?: string;
}

export function Notice({ tone, title, children, onClose, closeLabel = 'Dismiss' }: NoticeProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${styles[tone]}`}>
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        {children && <div className={styles.detail}>{children}</div>}
      </div>
      {onClose && (
        <button
          type="button"
          className={styles.close}
          aria-label={closeLabel}
          onClick={(event) => {
            const notice = event.currentTarget.parentElement;
            if (notice) focusNextAfter(notice);
            onClose();
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}
