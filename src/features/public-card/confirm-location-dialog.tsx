// Asks a member who has been on the card a while whether to save where they are (spec §4 Save-contact flow).
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { showModalDialog } from '../../ui/open-dialogs';
import styles from './public-card.module.css';

interface ConfirmLocationDialogProps {
  onConfirm(): void;
  /** Spec §4 saves without the location on Cancel; that misled (newcomer review M7): it has its own button. */
  onSaveWithoutLocation(): void;
  /** Cancel and Escape close the question without saving. */
  onDismiss(): void;
}

export function ConfirmLocationDialog({
  onConfirm,
  onSaveWithoutLocation,
  onDismiss,
}: ConfirmLocationDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  // A modal makes the rest of the page inert and traps focus, which a div with a role cannot.
  useEffect(() => (dialog.current ? showModalDialog(dialog.current) : undefined), []);

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
        <Button variant="quiet" onClick={onDismiss}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={onSaveWithoutLocation}>
          Save without location
        </Button>
        <Button onClick={onConfirm}>Save with location</Button>
      </div>
    </dialog>
  );
}
