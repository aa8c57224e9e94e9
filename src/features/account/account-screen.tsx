// /account (spec §2, §4 Account page): Account Information with click-to-edit fields and card linking.

import { useState } from 'react';
import { INVALID_CARD_ID_MESSAGE } from '../../../contract/card';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { AccountResource } from '../../api/user';
import { Stored } from '../../session/browser-storage';
import { useSessionStore } from '../../session/session-store';
import { saveResourceEdit } from '../../sync/resource-writes';
import { loadResourceValue, storeResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { ProfileWrite } from '../../sync/writes/resource-edits';
import { Button } from '../../ui/button';
import detailRows from '../../ui/detail-rows.module.css';
import { hasChanges } from '../../ui/form-values';
import { formatDate } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './account.module.css';
import { type AccountValues, accountValues, isSavable, profileChanges } from './account-form';
import { EditableField } from './editable-field';
import { EmailChangeModal } from './email-change-modal';
import { LinkCardModal } from './link-card-modal';

/** Spec §8: the account screen's load says 'fetch user data'; account settings' says 'load user information'. */
export const FETCH_ACCOUNT_FAILED = 'Failed to fetch user data';
export const UPDATE_PROFILE_FAILED = 'Failed to update profile';
export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_WAITING = 'You are offline. Your changes will be saved when you are back online.';

function reasonOf(error: unknown): string | null {
  return error instanceof ApiError && error.status !== undefined ? error.message : null;
}

export function AccountScreen() {
  const load = useCachedResource(AccountResource);

  return (
    <Screen title="Account Information" backTo="/contacts">
      {load.status === 'loading' && <LoadingPlaceholder label="Loading your account…" />}
      {load.status === 'failed' && <LoadFailed message={FETCH_ACCOUNT_FAILED} onRetry={load.retry} />}
      {load.status === 'ready' && <AccountDetails initialAccount={load.value} />}
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
  // Through the pending-writes queue: offline the change waits on this device, and a change made on
  // another device meanwhile is merged, not overwritten.
  const saving = useAction(() =>
    saveResourceEdit(ProfileWrite, AccountResource, profileChanges(values, loaded)),
  );
  const failure = saving.hasFailed ? reasonOf(saving.error) : undefined;
  const isDirty = hasChanges(values, loaded);
  const canSave = isDirty && isSavable(values);

  function show(saved: Account, keepEdits: AccountValues) {
    useSessionStore.getState().signIn(saved);
    Stored.userEmail.write(saved.email);
    setAccount(saved);
    setLoaded(accountValues(saved));
    setValues(keepEdits);
  }

  /** An account another call answered becomes the stored copy too. */
  function adopt(saved: Account, keepEdits: AccountValues = accountValues(saved)) {
    void storeResourceValue(AccountResource, saved);
    show(saved, keepEdits);
  }

  async function save() {
    const outcome = await saving.run();
    // Refused for good: the app announces it, and its notice says why; the values typed stay to fix.
    if (!outcome.ok || outcome.result === 'refused') return;
    setEditing(null);
    if (outcome.result === 'waiting') {
      setLoaded(values);
      showToast('info', PROFILE_WAITING);
      return;
    }
    // The queue stored the server's answer, with its version, as the copy.
    const saved = await loadResourceValue(AccountResource);
    show(saved, accountValues(saved));
    showToast('success', PROFILE_UPDATED);
  }

  function cancel() {
    setValues(loaded);
    setEditing(null);
    saving.reset();
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
      <Panel title="Your details" description="Select a value to change it.">
        <div className={styles.rows}>
          <EditableField label="Name" {...fieldProps('name')} input={{ autoComplete: 'name' }} />
          <div className={`${detailRows.row} ${styles.row}`}>
            <span className={detailRows.label}>Email</span>
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
            <div className={`${detailRows.row} ${styles.row}`}>
              <span className={detailRows.label}>Card ID</span>
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
            <div className={`${detailRows.row} ${styles.row}`}>
              <span className={detailRows.label}>Card ID</span>
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
          <div className={`${detailRows.row} ${styles.row}`}>
            <span className={detailRows.label}>Joined</span>
            <span className={styles.readOnly}>{formatDate(account.joined)}</span>
          </div>
        </div>
        {failure !== undefined && (
          <Notice tone="error" title={UPDATE_PROFILE_FAILED}>
            {failure}
          </Notice>
        )}
        {isDirty && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={cancel} disabled={saving.isBusy}>
              Cancel
            </Button>
            <Button onClick={save} disabled={!canSave} isBusy={saving.isBusy} busyLabel="Saving...">
              Save
            </Button>
          </div>
        )}
      </Panel>
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
