// An operator's passkeys in Account (issue 30 point 4): each by its name, when it was added and last
// used, with Remove; and a name for a new one, which the browser's authenticator then creates.
import { type FormEvent, useState } from 'react';
import { Button } from './button';
import { Field } from './field';
import { formatDateTime } from './format';
import { LoadFailed } from './load-failed';
import { LoadingPlaceholder } from './loading-placeholder';
import { Notice } from './notice';
import { PanelText } from './panel';
import styles from './passkey-list.module.css';
import { showToast } from './toast-store';
import { useAction } from './use-action';

type ActionResult = { ok: true } | { ok: false; message: string };

/** What the list needs (src/sync/use-passkeys.ts keeps it). */
export interface PasskeyControls {
  state:
    | { status: 'loading' }
    | { status: 'failed' }
    | {
        status: 'ready';
        passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
      };
  reload(): void;
  add(name: string): Promise<ActionResult>;
  remove(passkeyId: string): Promise<ActionResult>;
}

export const PASSKEY_NAME_MESSAGE = 'Give the passkey a name, such as the device it is on';

export function PasskeyList({ controls, idPrefix }: { controls: PasskeyControls; idPrefix: string }) {
  const { state } = controls;
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const adding = useAction(async (given: string) => {
    const result = await controls.add(given);
    if (!result.ok) setMessage(result.message);
    else {
      setName('');
      showToast('success', `Passkey “${given}” added`);
    }
  });
  const removing = useAction(async (passkey: { id: string; name: string }) => {
    const result = await controls.remove(passkey.id);
    showToast(result.ok ? 'success' : 'error', result.ok ? `Removed “${passkey.name}”` : result.message);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setMessage(PASSKEY_NAME_MESSAGE);
      return;
    }
    setMessage(null);
    void adding.run(name.trim());
  }

  if (state.status === 'loading') return <LoadingPlaceholder label="Loading your passkeys…" />;
  if (state.status === 'failed')
    return <LoadFailed message="Failed to load your passkeys" onRetry={controls.reload} />;
  return (
    <>
      {state.passkeys.length === 0 ? (
        <PanelText>No passkeys yet.</PanelText>
      ) : (
        <ul className={styles.rows} aria-label="Passkeys">
          {state.passkeys.map((passkey) => (
            <li key={passkey.id}>
              <div className={styles.text}>
                <span className={styles.title}>{passkey.name}</span>
                <span className={styles.detail}>
                  added {formatDateTime(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'}
                </span>
              </div>
              <Button
                variant="secondary"
                aria-label={`Remove passkey: ${passkey.name}`}
                isBusy={removing.isBusy}
                busyLabel="Removing..."
                onClick={() => void removing.run(passkey)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.add} onSubmit={submit} noValidate aria-label="Add a passkey">
        <Field
          id={`${idPrefix}-passkey-name`}
          label="Name of the new passkey"
          hint="Your device asks to create it (fingerprint, face, PIN or security key)."
          value={name}
          maxLength={60}
          disabled={adding.isBusy}
          onChange={(event) => setName(event.target.value)}
          error={message}
        />
        <Button type="submit" isBusy={adding.isBusy} busyLabel="Waiting for your device...">
          Add a passkey
        </Button>
      </form>
      {state.passkeys.length > 0 && (
        <Notice tone="info" title="Adding or removing a passkey signs you out everywhere else." />
      )}
    </>
  );
}
