// The confirmations and the hint the contacts screen shows in a dialog.
import { Link } from 'react-router';
import type { Contact } from '../../../contract/contacts';
import { Button, buttonClassName } from '../../ui/button';
import { Modal } from '../../ui/modal';
import styles from './contacts.module.css';

export function DeleteContactDialog({
  contact,
  isDeleting,
  onConfirm,
  onClose,
}: {
  contact: Contact;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal isOpen title="Delete contact?" onClose={onClose}>
      <p className={styles.dialogText}>
        <strong>{contact.name}</strong> and your notes about them will be removed from your contacts. This
        cannot be undone.
      </p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} isBusy={isDeleting} busyLabel="Deleting…">
          Delete
        </Button>
      </div>
    </Modal>
  );
}

/** Spec §4 Send card: shown when the member's card lacks a name or an e-mail. */
export function CompleteCardDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal isOpen title="Complete Your Business Card" onClose={onClose}>
      <p className={styles.dialogText}>
        To send your card, fill in at least your name and e-mail on My Card.
      </p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        <Link to="/my-card" className={buttonClassName({})}>
          Go to My Card
        </Link>
      </div>
    </Modal>
  );
}
