// The address book's panel: the server and user name to type on a device, the app passwords (one per
// device, revocable), and a new one shown once with a QR code for phones.
import { type FormEvent, useState } from 'react';
import type { CreatedAppPassword } from '../../../contract/app-passwords';
import { AppPasswordsResource, createAppPassword, revokeAppPassword } from '../../api/other-apps';
import { AccountResource } from '../../api/user';
import { updateResourceValue, useCachedResource } from '../../sync/use-cached-resource';
import { Button } from '../../ui/button';
import detailRows from '../../ui/detail-rows.module.css';
import { Field } from '../../ui/field';
import { formatDate } from '../../ui/format';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { Panel, PanelText } from '../../ui/panel';
import { QrCode } from '../../ui/qr-code';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { failureMessage } from './failure-message';
import styles from './other-apps.module.css';
import { accountLink, serverAddress } from './server-address';

export const LOAD_APP_PASSWORDS_FAILED = 'Failed to load your app passwords';
export const CREATE_APP_PASSWORD_FAILED = 'Failed to create the app password. Please try again.';
export const REVOKE_FAILED = 'Failed to revoke the app password. Please try again.';

export function AddressBookPanel() {
  const account = useCachedResource(AccountResource);
  const passwords = useCachedResource(AppPasswordsResource);
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const userName = account.status === 'ready' ? account.value.email : '…';

  return (
    <Panel
      title="Your address book on phones and computers"
      description="Your Tapnet contacts appear in the Contacts app of your phone, Mac or Thunderbird and stay up to date there. Change them here: there they are read-only."
    >
      <dl className={styles.details}>
        <div className={detailRows.row}>
          <dt className={detailRows.label}>Server</dt>
          <dd className={styles.value}>{serverAddress()}</dd>
        </div>
        <div className={detailRows.row}>
          <dt className={detailRows.label}>User name</dt>
          <dd className={styles.value}>{userName}</dd>
        </div>
        <div className={detailRows.row}>
          <dt className={detailRows.label}>Password</dt>
          <dd>An app password: create one for each device below. Your Tapnet password never works there.</dd>
        </div>
      </dl>
      {created && <NewPassword created={created} userName={userName} onDone={() => setCreated(null)} />}
      <CreatePasswordForm onCreated={setCreated} />
      <h3 className={styles.subtitle}>Your app passwords</h3>
      {passwords.status === 'loading' && <LoadingPlaceholder label="Loading your app passwords…" />}
      {passwords.status === 'failed' && (
        <LoadFailed message={LOAD_APP_PASSWORDS_FAILED} onRetry={passwords.retry} />
      )}
      {passwords.status === 'ready' &&
        (passwords.value.length === 0 ? (
          <PanelText>No app passwords yet: no device reads your contacts.</PanelText>
        ) : (
          <ul className={styles.rows}>
            {passwords.value.map((password) => (
              <AppPasswordRow key={password.id} {...password} />
            ))}
          </ul>
        ))}
    </Panel>
  );
}

function CreatePasswordForm({ onCreated }: { onCreated: (created: CreatedAppPassword) => void }) {
  const [name, setName] = useState('');
  const create = useAction(async (deviceName: string) => {
    const created = await createAppPassword(deviceName);
    await updateResourceValue(AppPasswordsResource, (list) => [
      ...list,
      { id: created.id, name: created.name, createdAt: new Date().toISOString(), lastUsedAt: null },
    ]);
    return created;
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const outcome = await create.run(name);
    if (outcome.ok) {
      setName('');
      onCreated(outcome.result);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        id="app-password-name"
        label="Device name"
        hint="So you know which one to revoke, such as “iPhone contacts”."
        placeholder="iPhone contacts"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        error={create.hasFailed ? failureMessage(create.error, CREATE_APP_PASSWORD_FAILED) : null}
      />
      <Button type="submit" isBusy={create.isBusy} busyLabel="Creating…">
        Create app password
      </Button>
    </form>
  );
}

function NewPassword({
  created,
  userName,
  onDone,
}: {
  created: CreatedAppPassword;
  userName: string;
  onDone: () => void;
}) {
  async function copy() {
    await navigator.clipboard.writeText(created.password).then(
      () => showToast('success', 'App password copied'),
      () => showToast('error', 'Copying failed: select the password and copy it'),
    );
  }

  return (
    <Notice
      tone="success"
      title={`App password for “${created.name}”`}
      onClose={onDone}
      closeLabel="Hide the password"
    >
      <p>Type it on the device now: it is shown only this once.</p>
      <input
        className={styles.password}
        aria-label="The new app password"
        value={created.password}
        readOnly
        onFocus={(event) => event.target.select()}
      />
      <div className={styles.newPasswordActions}>
        <Button variant="secondary" onClick={copy}>
          Copy password
        </Button>
      </div>
      <div className={styles.qr}>
        <QrCode
          className={styles.qrCode}
          text={accountLink(userName, created.password)}
          label="QR code with the server, user name and this app password"
        />
        <p>On Android, scan it with the camera: DAVx⁵ opens with everything filled in.</p>
      </div>
    </Notice>
  );
}

function AppPasswordRow({
  id,
  name,
  createdAt,
  lastUsedAt,
}: {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}) {
  const revoke = useAction(async () => {
    await revokeAppPassword(id);
    await updateResourceValue(AppPasswordsResource, (list) => list.filter((password) => password.id !== id));
  });

  async function confirmRevoke() {
    const outcome = await revoke.run();
    if (outcome.ok) showToast('success', `“${name}” revoked: that device no longer reads your contacts.`);
    else showToast('error', REVOKE_FAILED);
  }

  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <span className={styles.rowTitle}>{name}</span>
        <span className={styles.rowDetail}>
          Created {formatDate(createdAt, 'medium')} ·{' '}
          {lastUsedAt ? `last used ${formatDate(lastUsedAt, 'medium')}` : 'never used yet'}
        </span>
      </div>
      <Button
        variant="danger"
        onClick={confirmRevoke}
        isBusy={revoke.isBusy}
        busyLabel="Revoking…"
        aria-label={`Revoke ${name}`}
      >
        Revoke
      </Button>
    </li>
  );
}
