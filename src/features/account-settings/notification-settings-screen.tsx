// /notification-settings (spec §2, §3 Notification settings): whether Tapnet may send optional e-mail.
import { NotificationSettingsResource, updateNotificationSettings } from '../../api/user';
import { storeResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './account-settings.module.css';

export const LOAD_FAILED = 'Failed to load notification settings';
export const UPDATE_FAILED = 'Failed to update notification settings';
export const UPDATED = 'Notification settings updated successfully!';

export function NotificationSettingsScreen() {
  const load = useCachedResource(NotificationSettingsResource);
  const save = useAction(async (emailOptOut: boolean) => {
    await storeResourceValue(NotificationSettingsResource, await updateNotificationSettings({ emailOptOut }));
  });

  async function saveChoice(emailOptOut: boolean) {
    const outcome = await save.run(emailOptOut);
    if (outcome.ok) showToast('success', UPDATED);
    else showToast('error', UPDATE_FAILED);
  }

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
              checked={!load.value.emailOptOut}
              aria-checked={!load.value.emailOptOut}
              disabled={save.isBusy}
              onChange={(event) => saveChoice(!event.target.checked)}
            />
          </div>
        </Panel>
      )}
    </Screen>
  );
}
