// /account (spec §2, §4 Account page): Account Information with click-to-edit fields and card linking.
import { useState } from 'react';
import { INVALID_CARD_ID_MESSAGE } from '../../../contract/card';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { updateProfile } from '../../api/user';
import { useSessionStore } from '../../session/session-store';
import { StorageKeys } from '../../session/storage-keys';
import { useFreshAccount } from '../../session/use-fresh-account';
import { Button } from '../../ui/button';
import { hasChanges } from '../../ui/form-values';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import styles from './account.module.css';
import { type AccountValues, accountValues, formatJoined, isSavable, profileChanges } from './account-form';
import { EditableField } from './editable-field';
import { EmailChangeModal } from './email-change-modal';
import { LinkCardModal } from './link-card-modal';

export const LOAD_ACCOUNT_FAILED = 'Failed to load user information';
export const UPDATE_PROFILE_FAILED = 'Failed to update profile';
export const PROFILE_UPDATED = 'Profile updated successfully!';

function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.status !== undefined ? error.message : null;
}

export function AccountScreen() {
  const { load, retry } = useFreshAccount();

  return (
    <Screen title="Account Information" backTo="/contacts">
      {load.kind === 'loading' && <LoadingPlaceholder label="Loading your account…" />}
      {load.kind === 'failed' && <LoadFailed message={LOAD_ACCOUNT_FAILED} onRetry={retry} />}
      {load.kind === 'ready' && <AccountDetails initialAccount={load.account} />}
    </Screen>
  );
}

function AccountDetails({ initialAccount }: { initialAccount: Account }) {
  const [account, setAccount] = useState(initialAccount);
  const [loaded, setLoaded] = useState(() => accountValues(initialAccount));
  const [values, setValues] = useState(loaded);
  const [editing, setEditing] = useState<keyof AccountValues | null>(null);
  const [isCardIdRevealed, setIsCardIdRevealed] = useState(false);
  const [isLinking, setIsLinking] = useState(false);
  const [isChangingEmail, setIsChangingEmail] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const isDirty = hasChanges(values, loaded);
  const canSave = isDirty && isSavable(values);

  function adopt(saved: Account, keepEdits: AccountValues = accountValues(saved)) {
    useSessionStore.getState().signIn(saved);
    localStorage.setItem(StorageKeys.userEmail, saved.email);
    setAccount(saved);
    setLoaded(accountValues(saved));
    setValues(keepEdits);
  }

  async function save() {
    setIsSaving(true);
    setFailure(undefined);
    try {
      adopt(await updateProfile(profileChanges(values, loaded)));
      setEditing(null);
      showToast('success', PROFILE_UPDATED);
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setIsSaving(false);
    }
  }

  function cancel() {
    setValues(loaded);
    setEditing(null);
    setFailure(undefined);
  }

  function fieldProps(key: keyof AccountValues) {
    return {
      id: `account-${key}`,
      value: values[key],
      isEditing: editing === key,
      onStartEdit: () => setEditing(key),
      onDone: () => setEditing((current) => (current === key ? null : current)),
      onRevert: () => {
        setValues((current) => ({ ...current, [key]: loaded[key] }));
        setEditing(null);
      },
      onChange: (value: string) => setValues((current) => ({ ...current, [key]: value })),
    };
  }

  const cardIdError = isSavable(values) ? null : INVALID_CARD_ID_MESSAGE;

  return (
    <>
      <section className={styles.panel} aria-labelledby="account-info-title">
        <h2 id="account-info-title" className={styles.panelTitle}>
          Your details
        </h2>
        <p className={styles.panelText}>Select a value to change it.</p>
        <div className={styles.rows}>
          <EditableField label="Name" {...fieldProps('name')} input={{ autoComplete: 'name' }} />
          <div className={styles.row}>
            <span className={styles.rowLabel}>Email</span>
            <div className={styles.rowValue}>
              <span>{account.email}</span>
              <Button variant="quiet" onClick={() => setIsChangingEmail(true)}>
                {account.pendingEmail ? 'Enter code' : 'Change email'}
              </Button>
              {account.pendingEmail && (
                <span className={styles.pendingNote}>
                  Waiting for the code sent to {account.pendingEmail}
                </span>
              )}
            </div>
          </div>
          {loaded.nfcUID === '' ? (
            <div className={styles.row}>
              <span className={styles.rowLabel}>Card ID</span>
              <div className={styles.rowValue}>
                <span className={styles.emptyValue}>No card linked</span>
                <Button variant="quiet" onClick={() => setIsLinking(true)}>
                  Click here to link card
                </Button>
              </div>
            </div>
          ) : isCardIdRevealed ? (
            <EditableField
              label="Card ID"
              {...fieldProps('nfcUID')}
              emptyText="None (saving unlinks your card)"
              error={cardIdError}
              input={{ autoComplete: 'off', spellCheck: false }}
            />
          ) : (
            <div className={styles.row}>
              <span className={styles.rowLabel}>Card ID</span>
              <div className={styles.rowValue}>
                <span className={styles.masked}>
                  <span aria-hidden="true">••••••••••••</span>
                  <span className="visually-hidden">Hidden</span>
                </span>
                <Button variant="quiet" onClick={() => setIsCardIdRevealed(true)}>
                  Reveal Card ID
                </Button>
              </div>
            </div>
          )}
          <div className={styles.row}>
            <span className={styles.rowLabel}>Joined</span>
            <span className={styles.readOnly}>{formatJoined(account.joined)}</span>
          </div>
        </div>
        {failure !== undefined && (
          <Notice tone="error" title={UPDATE_PROFILE_FAILED}>
            {failure}
          </Notice>
        )}
        {isDirty && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={cancel} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!canSave} isBusy={isSaving} busyLabel="Saving...">
              Save
            </Button>
          </div>
        )}
      </section>
      {isChangingEmail && (
        <EmailChangeModal
          isOpen
          account={account}
          onClose={() => setIsChangingEmail(false)}
          onChanged={(saved) => adopt(saved, values)}
        />
      )}
      <LinkCardModal
        isOpen={isLinking}
        onClose={() => setIsLinking(false)}
        onLinked={(saved) => {
          adopt(saved, { ...values, nfcUID: saved.nfcUID ?? '' });
          setIsCardIdRevealed(true);
          setIsLinking(false);
        }}
      />
    </>
  );
}
