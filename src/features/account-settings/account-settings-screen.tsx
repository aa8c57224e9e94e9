// /account-settings: account management (spec §2): who I am, password, privacy, and deleting the account.
import { useState } from 'react';
import { Link } from 'react-router';
import type { Account } from '../../../contract/user';
import { deleteAccount } from '../../api/user';
import { leaveDeletedAccount } from '../../session/log-out';
import { useFreshAccount } from '../../session/use-fresh-account';
import { Button } from '../../ui/button';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import styles from './account-settings.module.css';
import { DeleteAccountModal } from './delete-account-modal';
import { formatMemberSince } from './format-date';

export const LOAD_ACCOUNT_FAILED = 'Failed to load user information';
export const DELETE_FAILED = 'Failed to delete account. Please try again.';

async function deleteAndSignOut() {
  await deleteAccount('account-settings');
  // Spec §4: from account management the user goes to /login once the token is removed.
  await leaveDeletedAccount('loggedOut');
}

export function AccountSettingsScreen() {
  const { load, retry } = useFreshAccount();
  const [isDeleting, setIsDeleting] = useState(false);

  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <Link to="/settings" className={styles.back}>
          <span aria-hidden="true">←</span> Back
        </Link>
        <h1 className={styles.title}>Account</h1>
        {load.kind === 'loading' && <LoadingPlaceholder label="Loading your account…" />}
        {load.kind === 'failed' && (
          <div className={styles.form}>
            <Notice tone="error" title={LOAD_ACCOUNT_FAILED}>
              Check your connection and try again.
            </Notice>
            <Button variant="secondary" onClick={retry} className={styles.start}>
              Try again
            </Button>
          </div>
        )}
        {load.kind === 'ready' && <AccountSummary account={load.account} />}
        <nav aria-label="Account settings">
          <ul className={styles.menu}>
            <li>
              <Link to="/forgot-password" state={{ from: 'account-settings' }} className={styles.entry}>
                Change Password
                <span aria-hidden="true" className={styles.chevron}>
                  ›
                </span>
              </Link>
            </li>
            <li>
              <Link to="/privacy-settings" className={styles.entry}>
                Privacy Settings
                <span aria-hidden="true" className={styles.chevron}>
                  ›
                </span>
              </Link>
            </li>
          </ul>
        </nav>
        <section className={`${styles.panel} ${styles.danger}`} aria-labelledby="danger-zone-title">
          <h2 id="danger-zone-title" className={styles.panelTitle}>
            Danger zone
          </h2>
          <p className={styles.panelText}>
            Deleting your account removes everything Tapnet keeps about you. Your card is unlinked and can be
            activated again. This cannot be undone.
          </p>
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => setIsDeleting(true)}>
              Delete Account
            </Button>
          </div>
        </section>
      </div>
      <DeleteAccountModal
        isOpen={isDeleting}
        onClose={() => setIsDeleting(false)}
        onConfirm={deleteAndSignOut}
        failureMessage={DELETE_FAILED}
      />
    </main>
  );
}

function AccountSummary({ account }: { account: Account }) {
  return (
    <section className={styles.panel} aria-labelledby="account-summary-title">
      <h2 id="account-summary-title" className={styles.panelTitle}>
        Your account
      </h2>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>Name</dt>
          <dd>{account.name}</dd>
        </div>
        <div className={styles.detail}>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </div>
        <div className={styles.detail}>
          <dt>Member since</dt>
          <dd>{formatMemberSince(account.joined)}</dd>
        </div>
      </dl>
    </section>
  );
}
