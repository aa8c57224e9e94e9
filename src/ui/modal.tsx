// A modal dialog on the native <dialog>: the browser traps focus, closes it on Escape and restores focus.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal.module.css';
import { showModalDialog } from './open-dialogs';

interface ModalProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export function Modal({ isOpen, title, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !isOpen) return;
    const close = showModalDialog(dialog);
    // The page behind must not scroll under the dialog on a phone.
    document.body.style.overflow = 'hidden';
    return () => {
      close();
      document.body.style.overflow = '';
    };
  }, [isOpen]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards have Escape and the Close button.
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {isOpen && (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
