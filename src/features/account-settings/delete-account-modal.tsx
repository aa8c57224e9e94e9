// The last step before an account is deleted: the member types "delete" (spec §4 Delete account) and
// their current password, which proves it is them and not someone holding their session.
import { type FormEvent, useState } from 'react';
import { DeleteAccountRequestSchema } from '../../../contract/user';
import { ApiError } from '../../api/client';
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
  onConfirm: (password: string) => Promise<void>;
  failureMessage: string;
}

export function DeleteAccountModal({ isOpen, onClose, onConfirm, failureMessage }: DeleteAccountModalProps) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const deleting = useAction(onConfirm);
  const isDeleting = deleting.isBusy;
  const refusal = deleting.error instanceof ApiError ? deleting.error : undefined;
  const isWrongPassword = refusal?.code === 'WRONG_PASSWORD';

  function close() {
    if (isDeleting) return;
    setTyped('');
    setPassword('');
    setTypedError(null);
    setPasswordError(null);
    deleting.reset();
    onClose();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    deleting.reset();
    const typedIssue = isDeletionConfirmed(typed) ? null : CONFIRMATION_REQUIRED;
    const passwordIssue =
      DeleteAccountRequestSchema.safeParse({ password }).error?.issues[0]?.message ?? null;
    setTypedError(typedIssue);
    setPasswordError(passwordIssue);
    if (typedIssue || passwordIssue) return;
    await deleting.run(password);
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
          error={typedError}
          onChange={(event) => {
            setTyped(event.target.value);
            setTypedError(null);
          }}
        />
        <Field
          id="delete-password"
          label="Your current password"
          hint="Asked so that only you can delete your account."
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError ?? (isWrongPassword ? refusal.message : null)}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
            if (isWrongPassword) deleting.reset();
          }}
        />
        {deleting.hasFailed && !isWrongPassword && (
          <Notice tone="error" title={failureMessage}>
            {refusal?.status !== undefined && refusal.status < 500 ? refusal.message : null}
          </Notice>
        )}
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
