// /delete-account (spec §2, §5): a confirm step on the page, then the typed confirmation in a modal.
import { useState } from 'react';
import { Link } from 'react-router';
import { deleteAccount } from '../../api/user';
import { leaveDeletedAccount } from '../../sync/log-out';
import { Button, buttonClassName } from '../../ui/button';
import { Panel, PanelText } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import styles from './account-settings.module.css';
import { ACCOUNT_DELETED, DeleteAccountModal } from './delete-account-modal';

export const DELETE_FAILED = 'Failed to delete account. Please try again later.';

async function deleteAndLeave(password: string) {
  await deleteAccount('delete-account-page', { password });
  // Spec §4: from this page the user goes on to /register.
  await leaveDeletedAccount('accountDeleted');
  showToast('success', ACCOUNT_DELETED);
}

export function DeleteAccountScreen() {
  const [isConfirming, setIsConfirming] = useState(false);

  return (
    <Screen title="Delete Account">
      <Panel title="This deletes your account for good" tone="danger">
        <ul className={styles.list}>
          <li>Your account, your business card and your sign-in sessions.</li>
          <li>Your contacts with your notes and flags, and invitations you sent or received.</li>
          <li>Your card is unlinked; it can be activated again, by you or someone else.</li>
          <li>People who saved your card keep the copy they saved.</li>
        </ul>
        <PanelText>
          Want a copy of your contacts first?{' '}
          <Link to="/privacy-settings">Export them from Privacy Settings</Link>.
        </PanelText>
        <div className={styles.actions}>
          <Link to="/contacts" className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
          <Button variant="danger" onClick={() => setIsConfirming(true)}>
            Yes, delete my account
          </Button>
        </div>
      </Panel>
      <DeleteAccountModal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        onConfirm={deleteAndLeave}
        failureMessage={DELETE_FAILED}
      />
    </Screen>
  );
}
