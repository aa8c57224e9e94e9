// /my-card's card link (issue 26): the member's card at /c/<handle> from the first minute, with or
// without an NFC card. Its QR code, the phone's share sheet, the link to copy, a preview, and another
// handle if the member wants one (links shared before keep opening the card).
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { cardLinkPath, isCardHandle, withCardSource } from '../../../contract/card-paths';
import type { Account } from '../../../contract/user';
import { ApiError } from '../../api/client';
import { changeCardLink } from '../../api/user';
import { Button, buttonClassName } from '../../ui/button';
import { Field } from '../../ui/field';
import { Panel, PanelText } from '../../ui/panel';
import { QrCode } from '../../ui/qr-code';
import { shareContent } from '../../ui/share';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import styles from './my-card.module.css';

export const CardLinkMessages = {
  copied: 'Link copied. Paste it wherever you want to share your card.',
  copyFailed: 'The link could not be copied. Select it above and copy it by hand.',
  changed: 'Your card link is changed. Links you shared before still open your card.',
  invalid: 'Use 4 to 40 letters, digits and dashes, not starting or ending with a dash.',
  changeFailed: 'Your card link could not be changed. Please try again.',
} as const;

export function cardLinkUrl(handle: string): string {
  return `${window.location.origin}${cardLinkPath(handle)}`;
}

export function CardLinkPanel({
  account,
  handle,
  onChanged,
}: {
  account: Account;
  handle: string;
  onChanged: (account: Account) => void;
}) {
  const url = cardLinkUrl(handle);
  // Marked, so the card's analytics tell scans and shared links from taps of an NFC card.
  const sharedUrl = withCardSource(url, 'link');
  const [canShare] = useState(() => typeof navigator.share === 'function');
  const [isChanging, setIsChanging] = useState(false);
  const name = account.businessCard?.name || account.name;

  async function share() {
    const outcome = await shareContent({
      title: `${name} · Tapnet`,
      text: `${name}'s business card`,
      url: sharedUrl,
    });
    if (outcome === 'copied') showToast('success', CardLinkMessages.copied);
    if (outcome === 'failed') showToast('error', CardLinkMessages.copyFailed);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(sharedUrl);
      showToast('success', CardLinkMessages.copied);
    } catch {
      showToast('error', CardLinkMessages.copyFailed);
    }
  }

  return (
    <Panel
      title="Your card link"
      description="Anyone with this link or code sees your card and can save it. No NFC card or app needed."
    >
      <figure className={styles.qrFigure}>
        <QrCode text={withCardSource(url, 'qr')} label="QR code that opens your card" className={styles.qr} />
        <figcaption>
          <PanelText>Let them scan this code with their phone's camera.</PanelText>
        </figcaption>
      </figure>
      <p className={styles.tapUrl}>{url}</p>
      <div className={styles.linkActions}>
        {canShare && (
          <Button onClick={share} isFullWidth>
            Share my card
          </Button>
        )}
        <Button variant={canShare ? 'secondary' : 'primary'} onClick={copy} isFullWidth>
          Copy link
        </Button>
      </div>
      <Link
        to={`/my-display-card/${encodeURIComponent(handle)}`}
        className={buttonClassName({ variant: 'secondary', isFullWidth: true })}
      >
        Preview Card
      </Link>
      {isChanging ? (
        <ChangeCardLinkForm
          handle={handle}
          onDone={(changed) => {
            setIsChanging(false);
            if (changed) onChanged(changed);
          }}
        />
      ) : (
        <Button variant="quiet" onClick={() => setIsChanging(true)}>
          Change link
        </Button>
      )}
    </Panel>
  );
}

function ChangeCardLinkForm({
  handle,
  onDone,
}: {
  handle: string;
  onDone: (account: Account | null) => void;
}) {
  const [value, setValue] = useState(handle);
  const [error, setError] = useState<string | null>(null);
  const changing = useAction(changeCardLink);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = value.trim().toLowerCase();
    if (!isCardHandle(wanted)) {
      setError(CardLinkMessages.invalid);
      return;
    }
    if (wanted === handle) {
      onDone(null);
      return;
    }
    const outcome = await changing.run(wanted);
    if (outcome.ok) {
      showToast('success', CardLinkMessages.changed);
      onDone(outcome.result);
    } else {
      setError(outcome.error instanceof ApiError ? outcome.error.message : CardLinkMessages.changeFailed);
    }
  }

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <Field
        id="card-link-handle"
        label="Your card link"
        hint={`${window.location.origin}/c/${value.trim().toLowerCase() || '…'}`}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <div className={styles.linkActions}>
        <Button type="submit" isBusy={changing.isBusy} busyLabel="Saving..." isFullWidth>
          Save link
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)} isFullWidth>
          Cancel
        </Button>
      </div>
    </form>
  );
}
