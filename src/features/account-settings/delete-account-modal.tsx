// The last step before an account is deleted: the member types "delete" (spec §4 Delete account).
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { useAction } from '../../ui/use-action';
import styles from './account-settings.module.css';
import { CONFIRMATION_REQUIRED, isDeletionConfirmed } from './delete-confirmation';

/** Said on the screen the user lands on, so that they know the deletion went through. */
export const ACCOUNT_DELETED = 'Your account has been deleted. Thank you for using Tapnet.';

interface DeleteAccountModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Deletes the account; a rejection shows `failureMessage` and keeps the modal open. */
  onConfirm: () => Promise<void>;
  failureMessage: string;
}

export function DeleteAccountModal({ isOpen, onClose, onConfirm, failureMessage }: DeleteAccountModalProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleting = useAction(onConfirm);
  const isDeleting = deleting.isBusy;

  function close() {
    if (isDeleting) return;
    setTyped('');
    setError(null);
    deleting.reset();
    onClose();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    deleting.reset();
    if (!isDeletionConfirmed(typed)) {
      setError(CONFIRMATION_REQUIRED);
      return;
    }
    setError(null);
    await deleting.run();
  }

  return (
    <Modal isOpen={isOpen} title="Delete your account?" onClose={close}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate>
        <p className={styles.modalText}>
          Your account, business card, contacts, notes and invitations are deleted for good, and your card is
          unlinked. This cannot be undone.
        </p>
        <Field
          id="delete-confirmation"
          label='Type "delete" to confirm'
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
        />
        {deleting.hasFailed && <Notice tone="error" title={failureMessage} />}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={isDeleting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isBusy={isDeleting} busyLabel="Deleting...">
            Delete Account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
