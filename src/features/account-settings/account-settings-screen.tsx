// /account-settings: account management (spec §2): who I am, password, privacy, and deleting the account.

import { useState } from 'react';
import type { Account } from '../../../contract/user';
import { AccountResource, deleteAccount } from '../../api/user';
import { leaveDeletedAccount } from '../../sync/log-out';
import { useCachedResource } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import detailRows from '../../ui/detail-rows.module.css';
import { formatDate } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Menu, MenuLink } from '../../ui/menu';
import { Panel, PanelText } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import styles from './account-settings.module.css';
import { ACCOUNT_DELETED, DeleteAccountModal } from './delete-account-modal';

export const LOAD_ACCOUNT_FAILED = 'Failed to load user information';
export const DELETE_FAILED = 'Failed to delete account. Please try again.';

async function deleteAndSignOut(password: string) {
  await deleteAccount('account-settings', { password });
  // Spec §4: from account management the user goes to /login once the token is removed.
  await leaveDeletedAccount('loggedOut');
  showToast('success', ACCOUNT_DELETED);
}

export function AccountSettingsScreen() {
  const load = useCachedResource(AccountResource);
  const [isDeleting, setIsDeleting] = useState(false);

  return (
    <Screen title="Account" backTo="/settings">
      {load.status === 'loading' && <LoadingPlaceholder label="Loading your account…" />}
      {load.status === 'failed' && <LoadFailed message={LOAD_ACCOUNT_FAILED} onRetry={load.retry} />}
      {load.status === 'ready' && <AccountSummary account={load.value} />}
      <Menu label="Account settings">
        <MenuLink to="/forgot-password" state={{ from: 'account-settings' }}>
          Change Password
        </MenuLink>
        <MenuLink to="/privacy-settings">Privacy Settings</MenuLink>
      </Menu>
      <Panel title="Danger zone" tone="danger">
        <PanelText>
          Deleting your account removes everything Tapnet keeps about you. Your card is unlinked and can be
          activated again. This cannot be undone.
        </PanelText>
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setIsDeleting(true)}>
            Delete Account
          </Button>
        </div>
      </Panel>
      <DeleteAccountModal
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        onConfirm={deleteAndSignOut}
        failureMessage={DELETE_FAILED}
      />
    </Screen>
  );
}

function AccountSummary({ account }: { account: Account }) {
  return (
    <Panel title="Your account">
      <dl className={styles.details}>
        <div className={`${detailRows.row} ${styles.detail}`}>
          <dt className={detailRows.label}>Name</dt>
          <dd>{account.name}</dd>
        </div>
        <div className={`${detailRows.row} ${styles.detail}`}>
          <dt className={detailRows.label}>Email</dt>
          <dd>{account.email}</dd>
        </div>
        <div className={`${detailRows.row} ${styles.detail}`}>
          <dt className={detailRows.label}>Member since</dt>
          <dd>{formatDate(account.joined)}</dd>
        </div>
      </dl>
    </Panel>
  );
}
