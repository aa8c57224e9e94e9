// /notification-settings (spec §2, §3 Notification settings): whether Tapnet may send optional e-mail.
import { NotificationSettingsResource } from '../../api/user';
import { usePendingEdit } from '../../sync/pending';
import { saveResourceEdit } from '../../sync/resource-writes';
import { useCachedResource } from '../../sync/use-cached-resource';
import { FailureMessages } from '../../sync/writes/failure-messages';
import { NotificationSettingsWrite } from '../../sync/writes/resource-edits';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './account-settings.module.css';

export const LOAD_FAILED = 'Failed to load notification settings';
export const UPDATE_FAILED = FailureMessages.notificationSettings;
export const UPDATED = 'Notification settings updated successfully!';
export const WAITING = 'You are offline. Your choice will be saved when you are back online.';

export function NotificationSettingsScreen() {
  const load = useCachedResource(NotificationSettingsResource);
  // A choice waiting to be sent shows as made.
  const pending = usePendingEdit(NotificationSettingsWrite);
  const save = useAction((emailOptOut: boolean) =>
    saveResourceEdit(NotificationSettingsWrite, NotificationSettingsResource, { emailOptOut }),
  );

  // A refusal for good is announced by the app with the spec's message (UPDATE_FAILED).
  async function saveChoice(emailOptOut: boolean) {
    const outcome = await save.run(emailOptOut);
    if (!outcome.ok) showToast('error', UPDATE_FAILED);
    else if (outcome.result === 'waiting') showToast('info', WAITING);
    else if (outcome.result === 'sent') showToast('success', UPDATED);
  }
  const isOptedOut = (value: { emailOptOut: boolean }) =>
    typeof pending?.emailOptOut === 'boolean' ? pending.emailOptOut : value.emailOptOut;

  return (
    <Screen title="Notification Settings" backTo="/settings">
      {load.status === 'loading' && <LoadingPlaceholder label="Loading your notification settings…" />}
      {load.status === 'failed' && <LoadFailed message={LOAD_FAILED} onRetry={load.retry} />}
      {load.status === 'ready' && (
        <Panel title="Email">
          <div className={styles.switchRow}>
            <div className={styles.switchLabel}>
              <label htmlFor="email-notifications">Email notifications</label>
              <p id="email-notifications-hint" className={styles.switchHint}>
                Business cards other members send you and invitations to connect. Verification codes and
                password reset links are always sent.
              </p>
            </div>
            <input
              id="email-notifications"
              type="checkbox"
              role="switch"
              className={styles.switch}
              aria-describedby="email-notifications-hint"
              checked={!isOptedOut(load.value)}
              aria-checked={!isOptedOut(load.value)}
              disabled={save.isBusy}
              onChange={(event) => saveChoice(!event.target.checked)}
            />
          </div>
        </Panel>
      )}
    </Screen>
  );
}
