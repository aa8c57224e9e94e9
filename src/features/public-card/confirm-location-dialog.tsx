// Asks a member who has been on the card a while whether to save where they are (spec §4 Save-contact flow).
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import styles from './public-card.module.css';

interface ConfirmLocationDialogProps {
  onConfirm(): void;
  /** Spec §4: Cancel still saves, without the location. */
  onCancel(): void;
  /** Escape closes the question without saving. */
  onDismiss(): void;
}

export function ConfirmLocationDialog({ onConfirm, onCancel, onDismiss }: ConfirmLocationDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    // showModal makes the rest of the page inert and traps focus, which a div with a role cannot.
    dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="confirm-location-title"
      aria-describedby="confirm-location-text"
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <h2 id="confirm-location-title" className={styles.dialogTitle}>
        Save with your location?
      </h2>
      <p id="confirm-location-text" className={styles.muted}>
        This card was opened a while ago. Save where you are now as the place you met?
      </p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Save with location</Button>
      </div>
    </dialog>
  );
}
