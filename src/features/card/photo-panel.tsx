// The photo or logo on the member's card: taken with the phone's camera or chosen from files, sent at
// once (the server checks, squares, resizes and strips it of its metadata), and removable.
import { useRef, useState } from 'react';
import { CARD_PHOTO, CARD_PHOTO_MESSAGES } from '../../../contract/card-extras';
import type { Account } from '../../../contract/user';
import { refusalMessage } from '../../api/client';
import { deleteCardPhoto, uploadCardPhoto } from '../../api/user';
import { Button } from '../../ui/button';
import { ContactAvatar } from '../../ui/contact-avatar';
import { Notice } from '../../ui/notice';
import { Panel } from '../../ui/panel';
import { showToast } from '../../ui/toast-store';
import styles from './card-looks.module.css';

export const PhotoMessages = {
  offline: 'Adding a photo needs a connection. Try again when you are back online.',
  failed: 'The photo could not be saved. Please try again.',
  saved: 'Photo saved.',
  removed: 'Photo removed.',
} as const;

export function PhotoPanel({
  account,
  onChanged,
}: {
  account: Account;
  onChanged: (account: Account) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = account.businessCard;
  const hasPhoto = Boolean(card?.photoURL);

  async function change(work: () => Promise<Account>, done: string) {
    if (!navigator.onLine) {
      setProblem(PhotoMessages.offline);
      return;
    }
    setIsBusy(true);
    setProblem(null);
    try {
      onChanged(await work());
      showToast('success', done);
    } catch (error) {
      setProblem(refusalMessage(error) ?? PhotoMessages.failed);
    } finally {
      setIsBusy(false);
    }
  }

  function onPicked(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Said at once, without sending 5 MB first; the server checks again, by content.
    if (file.size > CARD_PHOTO.maxBytes) {
      setProblem(CARD_PHOTO_MESSAGES.tooLarge);
      return;
    }
    void change(() => uploadCardPhoto(file), PhotoMessages.saved);
  }

  return (
    <Panel title="Photo or logo" description="Shown on your card, in your vCard and in the cards you send.">
      <div className={styles.photo}>
        <ContactAvatar person={{ name: card?.name ?? account.name, ...card }} size="card" />
        <div className={styles.photoActions}>
          <input
            ref={input}
            id="card-photo"
            className="visually-hidden"
            // Reached through the button beside it, which says what it does.
            aria-label="Choose a photo or logo"
            tabIndex={-1}
            type="file"
            // Phones offer the camera and the photo library for an image input.
            accept={CARD_PHOTO.types.join(',')}
            onChange={(event) => onPicked(event.target.files?.[0])}
            disabled={isBusy}
          />
          <Button
            type="button"
            variant="secondary"
            isBusy={isBusy}
            busyLabel="Saving photo..."
            onClick={() => input.current?.click()}
          >
            {hasPhoto ? 'Change photo' : 'Add a photo'}
          </Button>
          {hasPhoto && !isBusy && (
            <Button
              type="button"
              variant="quiet"
              onClick={() => change(deleteCardPhoto, PhotoMessages.removed)}
            >
              Remove photo
            </Button>
          )}
        </div>
      </div>
      <p className={styles.hint}>
        JPEG, PNG or WebP, up to 5 MB. Its location and camera details are removed.
      </p>
      {problem && <Notice tone="error" title={problem} />}
    </Panel>
  );
}
