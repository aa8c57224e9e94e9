// /notification-settings (spec §2, §3 Notification settings): whether Tapnet may send optional e-mail.
import { useEffect, useState } from 'react';
import { fetchNotificationSettings, updateNotificationSettings } from '../../api/user';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { showToast } from '../../ui/toast-store';
import styles from './account-settings.module.css';

export const LOAD_FAILED = 'Failed to load notification settings';
export const UPDATE_FAILED = 'Failed to update notification settings';
export const UPDATED = 'Notification settings updated successfully!';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; emailOptOut: boolean };

export function NotificationSettingsScreen() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [isSaving, setIsSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what fetches again.
  useEffect(() => {
    let isCurrent = true;
    setLoad({ kind: 'loading' });
    fetchNotificationSettings()
      .then(({ emailOptOut }) => isCurrent && setLoad({ kind: 'ready', emailOptOut }))
      .catch(() => isCurrent && setLoad({ kind: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  async function save(emailOptOut: boolean) {
    setIsSaving(true);
    try {
      const saved = await updateNotificationSettings({ emailOptOut });
      setLoad({ kind: 'ready', emailOptOut: saved.emailOptOut });
      showToast('success', UPDATED);
    } catch {
      showToast('error', UPDATE_FAILED);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Screen title="Notification Settings" backTo="/settings">
      {load.kind === 'loading' && <LoadingPlaceholder label="Loading your notification settings…" />}
      {load.kind === 'failed' && (
        <LoadFailed message={LOAD_FAILED} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {load.kind === 'ready' && (
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
              checked={!load.emailOptOut}
              aria-checked={!load.emailOptOut}
              disabled={isSaving}
              onChange={(event) => save(!event.target.checked)}
            />
          </div>
        </Panel>
      )}
    </Screen>
  );
}
